import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import UploadFile from '@mui/icons-material/UploadFile';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { REFINANCING_MESSAGES, formatCurrencyText } from '@planpiso/domain';
import { CheckIcon, ValidationIcon } from '../../../components/check-icon';
import { IconAction } from '../../../components/icon-action';
import { PagedTable, usePagedRows } from '../../../components/paged-rows';
import { visuallyHidden } from '../../../components/visually-hidden';
import type { RefinancingDetailUnit } from './api/refinancing-detail';
import { DetailSection } from '../../../components/detail-section';

type Props = {
  units: readonly RefinancingDetailUnit[];
  /** Null: no checkbox column (spec 3 §6: only type 3 below status 4). */
  selection: {
    ticked: ReadonlySet<number>;
    editable: boolean;
    onTick: (unit: RefinancingDetailUnit, checked: boolean) => void;
  } | null;
  /** A tick the rules refused (refinancingTickRefusal), shown above the table. */
  refusal: string | null;
  onDismissRefusal: () => void;
  /** The evidence dialog's title for this user and status: 'Cargar Evidencia' or 'Evidencia'. */
  evidenceTitle: string;
  onEvidence: (unit: RefinancingDetailUnit) => void;
};

const HEADERS = [
  'N° VIN',
  'Sucursal de Asignación',
  'Marca',
  'Tipo de unidad',
  'Año Modelo',
  'Descripción',
  'Color Exterior',
  'Color Interior',
  'N° Motor',
  'Plazo',
] as const;
const CHECKS = ['REPUVE', 'TransUnion', 'AX', 'Admin. FinBe'] as const;

// Seventeen columns: tight cells, headers that may wrap, and the evidence action pinned to the right edge so it stays
// in view when the table scrolls sideways on a narrower screen.
const TABLE_SX = {
  '& th, & td': { px: 0.75 },
  '& th': { lineHeight: 1.25, verticalAlign: 'bottom', fontSize: '0.8125rem' },
  '& td': { fontSize: '0.8125rem' },
  '& td > svg': { verticalAlign: 'middle' },
} as const;
const STICKY = (theme: Theme) => {
  // A ticked row's tint over the paper, so the pinned cell reads as part of its row.
  const tint = alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity);
  return {
    position: 'sticky',
    right: 0,
    bgcolor: 'background.paper',
    '.Mui-selected > &': { backgroundImage: `linear-gradient(${tint}, ${tint})` },
    boxShadow: `inset 1px 0 0 ${theme.palette.divider}`,
  } as const;
};

/** The administrator's verdict (unit status 1 approved, 2 disapproved, 0 blank) with its comment on a No. */
function AdminFinbe({ unit }: { unit: RefinancingDetailUnit }) {
  if (unit.status !== 1 && unit.status !== 2) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, justifyContent: 'center' }}>
      <CheckIcon check="Admin. FinBe" state={unit.status === 1 ? 'approved' : 'disapproved'} />
      {unit.status === 2 && unit.comment && (
        <Typography variant="caption" sx={{ maxWidth: 200, overflowWrap: 'anywhere', textAlign: 'left' }}>
          {unit.comment}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The refinancing's units (spec 3 §2 "Refinancing units table"): the checkbox for type 3 below status 4, the copies'
 * columns, the three checks and the administrator's verdict as icons, the amount (en-US) and the evidence action.
 */
export function RefinancingDetailUnits(props: Props) {
  const { units, selection, refusal, onDismissRefusal, evidenceTitle, onEvidence } = props;
  const paging = usePagedRows(units);
  const columns = HEADERS.length + CHECKS.length + 2 + (selection ? 1 : 0);
  return (
    <DetailSection id="refinancing-units-title" title="Unidades seleccionadas" shrinks>
      {refusal && (
        <Alert severity="warning" onClose={onDismissRefusal} sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      )}
      <PagedTable
        paging={paging}
        label="Unidades del refinanciamiento"
        sx={TABLE_SX}
        columns={columns}
        head={
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  Incluir
                </Box>
              </TableCell>
            )}
            {HEADERS.map((header) => (
              <TableCell key={header}>{header}</TableCell>
            ))}
            {CHECKS.map((check) => (
              <TableCell key={check} align="center">
                {check}
              </TableCell>
            ))}
            <TableCell align="right">Monto</TableCell>
            <TableCell align="center" sx={STICKY}>
              Acciones
            </TableCell>
          </TableRow>
        }
        row={(unit) => {
          const checked = selection?.ticked.has(unit.id) ?? false;
          const upload = evidenceTitle === REFINANCING_MESSAGES.uploadEvidenceTitle;
          return (
            <TableRow key={unit.id} hover selected={checked}>
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={checked}
                    disabled={!selection.editable}
                    onChange={(e) => selection.onTick(unit, e.target.checked)}
                    slotProps={{ input: { 'aria-label': `Incluir ${unit.vinNumber}` } }}
                  />
                </TableCell>
              )}
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', fontSize: '0.75rem !important' }}>
                {unit.vinNumber}
              </TableCell>
              <TableCell>{unit.agency}</TableCell>
              <TableCell>{unit.brandName}</TableCell>
              <TableCell>{unit.type}</TableCell>
              <TableCell>{unit.model}</TableCell>
              <TableCell>{unit.description}</TableCell>
              <TableCell>{unit.color}</TableCell>
              <TableCell>{unit.insideColor}</TableCell>
              <TableCell>{unit.motorNumber}</TableCell>
              <TableCell>{unit.deadlines}</TableCell>
              <TableCell align="center">
                <ValidationIcon check="REPUVE" valid={unit.validRepuve} />
              </TableCell>
              <TableCell align="center">
                <ValidationIcon check="TransUnion" valid={unit.validTransunion} />
              </TableCell>
              <TableCell align="center">
                <ValidationIcon check="AX" valid={unit.validAx} />
              </TableCell>
              <TableCell align="center">
                <AdminFinbe unit={unit} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatCurrencyText(unit.amount)}
              </TableCell>
              <TableCell align="center" sx={STICKY}>
                <Badge badgeContent={unit.evidenceCount} color="primary" overlap="circular">
                  <IconAction
                    title={evidenceTitle}
                    label={`${evidenceTitle} ${unit.vinNumber}`}
                    icon={upload ? <UploadFile fontSize="small" /> : <VisibilityOutlined fontSize="small" />}
                    onClick={() => onEvidence(unit)}
                  />
                </Badge>
              </TableCell>
            </TableRow>
          );
        }}
      />
    </DetailSection>
  );
}
