import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  BALANCES_NOT_RECORDED,
  Money,
  balancesAtConfirmation,
  followUpBalanceView,
  formatCurrencyText,
  provisionTotalShown,
  lineTypeLabel,
  termLabel,
  unitSelectable,
} from '@planpiso/domain';
import { PagedTable, type PagedRows } from '../../../components/paged-rows';
import { visuallyHidden } from '../../../components/visually-hidden';
import type { FollowUpDetail, FollowUpUnit } from './api/follow-up-detail';
import { Field, FieldGrid } from '../../../components/detail-field';
import { ValidationIcon } from '../../../components/check-icon';
import { formatDateTime } from '../../../lib/format';
import { AdminReview, InvoiceIcon } from './follow-up-unit-icons';
import { DetailSection } from '../../../components/detail-section';

/** The lender's own ticks at status 3, by unit id: only the units it changed (the others keep their start). */
export type UnitSelection = Readonly<Record<number, boolean>>;

/**
 * A unit's tick while the lender validates (status 3): its own tick where the selectability rule lets it choose,
 * else the start — what the dealer included, where the rule allows it (spec 3 §4).
 */
export const unitTick = (unit: FollowUpUnit, ticks: UnitSelection): boolean => {
  const own = ticks[unit.id];
  return unitSelectable(unit) && own !== undefined ? own : unit.included && unitSelectable(unit);
};

type Props = {
  provision: FollowUpDetail;
  /** The units page the server answered (GET /api/provisions/{id}/units/page). */
  paging: PagedRows<FollowUpUnit>;
  loading: boolean;
  /** Null: the ticks only show which units the provision includes. */
  ticks: UnitSelection | null;
  onSelect: (unitId: number, checked: boolean) => void;
};

const money = (value: Money | string | null | undefined) =>
  value === null || value === undefined ? '-' : formatCurrencyText(value);

/**
 * The selected units (spec 3 §2 "Follow-up"): credit line, line type (Seminuevos or Nuevos), term and balances — the
 * total only at status 1 or from 4 on (spec 3 §4) — and the units with their checks and the administrator's review.
 */
export function FollowUpUnits({ provision, paging, loading, ticks, onSelect }: Props) {
  // Open: the line's balances as the create screen shows them (unknown until the server has read the line from the
  // CRM). Closed: the ones at Confirmar, with when, or none (decision 054).
  const view = followUpBalanceView(provision);
  const balances = view.kind === 'notRecorded' ? null : view;
  const caption =
    view.kind === 'confirmed'
      ? balancesAtConfirmation(formatDateTime(view.at))
      : view.kind === 'notRecorded'
        ? BALANCES_NOT_RECORDED
        : null;

  return (
    <DetailSection id="units-title" title="Unidades seleccionadas">
      <FieldGrid columns={{ xs: '1fr 1fr', md: 'repeat(6, 1fr)' }} spaceBelow>
        <Field label="Línea de crédito">{provision.creditLine}</Field>
        <Field label="Tipo de línea">{lineTypeLabel(Number(provision.typeLine))}</Field>
        <Field label="Plazo">{provision.deadlines ? termLabel(provision.deadlines) : '-'}</Field>
        <Field label="Saldo disponible">{money(balances?.available)}</Field>
        <Field label="Saldo restante">{money(balances?.remaining)}</Field>
        {provisionTotalShown(provision.status) && <Field label="Total">{money(provision.total)}</Field>}
      </FieldGrid>
      {caption && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2.5 }}>
          {caption}
        </Typography>
      )}
      <PagedTable
        paging={paging}
        loading={loading}
        label="Unidades"
        columns={10}
        head={
          <TableRow>
            <TableCell padding="checkbox">
              <Box component="span" sx={visuallyHidden}>
                Incluir
              </Box>
            </TableCell>
            <TableCell>Modelo</TableCell>
            <TableCell>N° de motor</TableCell>
            <TableCell>VIN</TableCell>
            <TableCell align="right">Monto</TableCell>
            <TableCell align="center">Factura</TableCell>
            <TableCell align="center">REPUVE</TableCell>
            <TableCell align="center">Transunion</TableCell>
            <TableCell align="center">AX</TableCell>
            <TableCell>Revisión FinBe</TableCell>
          </TableRow>
        }
        row={(unit) => {
          const editable = ticks !== null && unitSelectable(unit);
          const checked = ticks ? unitTick(unit, ticks) : unit.included;
          return (
            <TableRow key={unit.id} hover selected={checked}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={checked}
                  disabled={!editable}
                  onChange={(e) => onSelect(unit.id, e.target.checked)}
                  slotProps={{ input: { 'aria-label': `Incluir ${unit.vinNumber}` } }}
                />
              </TableCell>
              <TableCell>{unit.model}</TableCell>
              <TableCell>{unit.motorNumber}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{unit.vinNumber}</TableCell>
              <TableCell align="right">{money(unit.amount)}</TableCell>
              <TableCell align="center">
                <InvoiceIcon unit={unit} />
              </TableCell>
              <TableCell align="center">
                <ValidationIcon check="REPUVE" valid={unit.validation?.validRepuve} />
              </TableCell>
              <TableCell align="center">
                <ValidationIcon check="Transunion" valid={unit.validation?.validTransunion} />
              </TableCell>
              <TableCell align="center">
                <ValidationIcon check="AX" valid={unit.validation?.validAx} />
              </TableCell>
              <TableCell>
                <AdminReview unit={unit} />
              </TableCell>
            </TableRow>
          );
        }}
      />
    </DetailSection>
  );
}
