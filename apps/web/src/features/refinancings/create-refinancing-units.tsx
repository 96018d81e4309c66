import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import { EmptyTableRow } from '../../components/empty-table-row';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Money, RefinancingAvailableUnit, StepBalances } from '@planpiso/domain';
import { formatAmount } from '../../lib/format';

export type CarriedUnit = RefinancingAvailableUnit & { checked: boolean };

type Props = {
  units: readonly CarriedUnit[];
  onTick: (unit: CarriedUnit, checked: boolean) => void;
  balances: StepBalances;
};

function Figure({ label, value, testId }: { label: string; value: Money; testId: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId} color={value.isNegative() ? 'error' : undefined}>
        {value.formatCurrency()}
      </Typography>
    </Box>
  );
}

/**
 * The carried units, tickable under the domain's tick rules, and the balances (spec 3 §2, §5): Saldo disponible
 * (the line's), Saldo restante (disponible − total) and Monto total (the ticked units' sum), exact cents.
 */
export function CreateRefinancingUnits({ units, onTick, balances }: Props) {
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 5, mb: 2 }} aria-live="polite">
        <Figure label="Saldo disponible" value={balances.available} testId="available" />
        <Figure label="Saldo restante" value={balances.remaining} testId="remaining" />
        <Figure label="Monto total" value={balances.total} testId="total" />
      </Box>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label="Unidades del refinanciamiento">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">Incluir</TableCell>
              <TableCell>N° VIN</TableCell>
              <TableCell>Modelo</TableCell>
              <TableCell>N° Motor</TableCell>
              <TableCell>Color</TableCell>
              <TableCell align="right">Plazo</TableCell>
              <TableCell align="right">Monto</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {units.length === 0 && <EmptyTableRow colSpan={7} />}
            {units.map((unit) => (
              <TableRow key={unit.id}>
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={unit.checked}
                    onChange={(e) => onTick(unit, e.target.checked)}
                    slotProps={{ input: { 'aria-label': `Incluir ${unit.vinNumber}` } }}
                  />
                </TableCell>
                <TableCell>{unit.vinNumber}</TableCell>
                <TableCell>{unit.model}</TableCell>
                <TableCell>{unit.motorNumber}</TableCell>
                <TableCell>{unit.color}</TableCell>
                <TableCell align="right">{unit.deadlines ?? '-'}</TableCell>
                <TableCell align="right">{formatAmount(unit.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
