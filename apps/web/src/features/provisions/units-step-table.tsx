import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AttachFile from '@mui/icons-material/AttachFile';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { Money, PROVISION_WIZARD_MESSAGES as M } from '@planpiso/domain';
import { EmptyTableRow } from '../../components/empty-table-row';
import { RowsPagination, usePagedRows } from '../../components/paged-rows';
import { RemoveIconButton } from '../../components/remove-icon-button';
import type { WizardState } from './provision-wizard-state';

type Props = {
  units: WizardState['units'];
  readOnly?: boolean;
  onTick: (key: string, checked: boolean) => void;
  onTickAll: (checked: boolean) => void;
  onEvidences: (key: string) => void;
  onRemove: (key: string) => void;
};

/** The units of step 3: a tick each (only the ticked are sent), their data and evidences, paged past 10 rows. */
export function WizardUnitsTable({ units, readOnly, onTick, onTickAll, onEvidences, onRemove }: Props) {
  const paging = usePagedRows(units);
  const ticked = units.filter((u) => u.checked).length;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Unidades">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={units.length > 0 && ticked === units.length}
                indeterminate={ticked > 0 && ticked < units.length}
                onChange={(e) => onTickAll(e.target.checked)}
                disabled={readOnly || units.length === 0}
                slotProps={{ input: { 'aria-label': 'Incluir todas' } }}
              />
            </TableCell>
            <TableCell>VIN</TableCell>
            <TableCell>Marca</TableCell>
            <TableCell>Modelo</TableCell>
            <TableCell>Descripción</TableCell>
            <TableCell>Color</TableCell>
            <TableCell align="right">Monto</TableCell>
            <TableCell align="center">Evidencias</TableCell>
            {!readOnly && <TableCell align="right">Acciones</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {units.length === 0 && <EmptyTableRow colSpan={readOnly ? 8 : 9} />}
          {paging.visible.map((unit) => (
            <TableRow key={unit.key} hover selected={unit.checked}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={unit.checked}
                  onChange={(e) => onTick(unit.key, e.target.checked)}
                  disabled={readOnly}
                  slotProps={{ input: { 'aria-label': `Incluir ${unit.vinNumber}` } }}
                />
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, fontFamily: 'monospace' }}>
                  {unit.vinNumber}
                  {unit.source === 'review' && (
                    // info.dark: white on MUI's info.main is below the 4.5:1 contrast small text needs.
                    <Chip size="small" color="info" label={M.underReview} sx={{ bgcolor: 'info.dark' }} />
                  )}
                </Box>
                {unit.warnings.map((warning) => (
                  <Typography
                    key={warning}
                    variant="caption"
                    sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'warning.dark' }}
                  >
                    <WarningAmber sx={{ fontSize: 14 }} />
                    {warning}
                  </Typography>
                ))}
              </TableCell>
              <TableCell>{unit.brandName}</TableCell>
              <TableCell>{unit.model}</TableCell>
              <TableCell>{unit.description}</TableCell>
              <TableCell>{unit.color}</TableCell>
              <TableCell align="right">{Money.of(unit.amount).format()}</TableCell>
              <TableCell align="center">
                <Button
                  size="small"
                  startIcon={<AttachFile fontSize="small" />}
                  onClick={() => onEvidences(unit.key)}
                  // The name carries the count the button shows (WCAG 2.5.3, label in name).
                  aria-label={`Evidencias de ${unit.vinNumber}: ${unit.evidences.length}`}
                  disabled={readOnly}
                >
                  {unit.evidences.length}
                </Button>
              </TableCell>
              {!readOnly && (
                <TableCell align="right">
                  <RemoveIconButton label={`Quitar ${unit.vinNumber}`} onClick={() => onRemove(unit.key)} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <RowsPagination paging={paging} />
    </TableContainer>
  );
}
