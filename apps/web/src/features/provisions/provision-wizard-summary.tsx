import { EmptyTableRow } from '../../components/empty-table-row';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Money, lineTypeLabel, stepBalances, termLabel, type StepLine } from '@planpiso/domain';
import type { WizardState } from './provision-wizard-state';

type Props = {
  state: WizardState;
  line: StepLine | null;
  names: { company?: string; agency?: string; legal?: string };
};

/** Step 4, 'Requisición finalizada': what will be saved — the data of step 1, the line, and the ticked units. */
export function ProvisionWizardSummary({ state, line, names }: Props) {
  const balances = stepBalances({ line, includeAll: state.includeAll, units: state.units });
  const units = state.units.filter((u) => u.checked);
  const rows: Array<[string, string]> = [
    ['Empresa', names.company ?? '—'],
    ['Sucursal', names.agency ?? '—'],
    ['Representante legal', names.legal ?? '—'],
    ['Descripción', state.description.trim() || '—'],
    ['Anexo', state.attachment?.fileName ?? '—'],
    ['Incluir todas las unidades', state.includeAll ? 'Sí' : 'No'],
    ['Línea de crédito', state.creditLine ? `${state.creditLine} · ${line ? lineTypeLabel(line.typeLine) : ''}` : '—'],
    ['Plazo', state.deadlines ? termLabel(state.deadlines) : '—'],
    ['Saldo disponible', balances.available.formatCurrency()],
    ['Total', balances.total.formatCurrency()],
    ['Saldo restante', balances.remaining.formatCurrency()],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {balances.message && <Alert severity="error">{balances.message}</Alert>}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, rowGap: 1, columnGap: 2 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="subtitle2" component="h3">
        {`Unidades incluidas (${units.length})`}
      </Typography>
      <Table size="small" aria-label="Unidades incluidas">
        <TableHead>
          <TableRow>
            <TableCell>VIN</TableCell>
            <TableCell>Marca</TableCell>
            <TableCell>Modelo</TableCell>
            <TableCell>Color</TableCell>
            <TableCell align="right">Evidencias</TableCell>
            <TableCell align="right">Monto</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {units.length === 0 && <EmptyTableRow colSpan={6} />}
          {units.slice(0, 100).map((unit) => (
            <TableRow key={unit.key}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{unit.vinNumber}</TableCell>
              <TableCell>{unit.brandName}</TableCell>
              <TableCell>{unit.model}</TableCell>
              <TableCell>{unit.color}</TableCell>
              <TableCell align="right">{unit.evidences.length}</TableCell>
              <TableCell align="right">{Money.of(unit.amount).format()}</TableCell>
            </TableRow>
          ))}
          {units.length > 100 && (
            <TableRow>
              <TableCell colSpan={6}>{`… y ${units.length - 100} unidades más`}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
