import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Cancel from '@mui/icons-material/CancelOutlined';
import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import FolderOpen from '@mui/icons-material/FolderOpenOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import {
  MESSAGES,
  REVIEW_COMMENT_MAX,
  UNIT_REVIEW_OPTIONS,
  adminReviewIcon,
  checkIcon,
  invoiceIconState,
  reviewNeedsComment,
  type CheckIcon as Icon,
  type ProvisionReviewUnit,
} from '@planpiso/domain';
import { EmptyTableRow } from '../../components/empty-table-row';
import { IconAction } from '../../components/icon-action';
import { RowsPagination, usePagedRows } from '../../components/paged-rows';
import { formatAmount } from '../../lib/format';

export type ReviewDraft = { status: number; comment: string };

/** The four check columns and the evidence action: narrow, so the review's select and comment fit beside them. */
const CHECK_CELL = { px: 0.5 } as const;

const ICON_LABEL: Record<Icon, string> = { approved: 'Aprobado', disapproved: 'No aprobado', question: 'Sin validar' };

/** One check as the spec draws it (spec 3 §4 "Unit states"): approved, disapproved, or a question mark. */
function CheckIcon({ icon, check }: { icon: Icon; check: string }) {
  const label = `${check}: ${ICON_LABEL[icon]}`;
  // titleAccess names the icon (role img) for screen readers; without it MUI hides the SVG from them.
  const props = { fontSize: 'small' as const, titleAccess: label };
  return (
    <Tooltip title={ICON_LABEL[icon]} describeChild>
      {icon === 'approved' ? (
        <CheckCircle color="success" {...props} />
      ) : icon === 'disapproved' ? (
        <Cancel color="error" {...props} />
      ) : (
        <HelpOutline color="disabled" {...props} />
      )}
    </Tooltip>
  );
}

type Props = {
  units: readonly ProvisionReviewUnit[];
  drafts: ReadonlyMap<number, ReviewDraft>;
  /** Units whose 'No' or 'Ajuste' still lacks its comment, shown once the user tried to save. */
  missing: ReadonlySet<number>;
  onChange: (id: number, draft: ReviewDraft) => void;
  onEvidence: (unit: ProvisionReviewUnit) => void;
};

/**
 * 'Unidades para revisión' (spec 3 §2): model, engine, VIN, amount, the invoice / REPUVE / Transunion / AX icons,
 * the FinBe administrator's review (a select 0–3, and a comment for No and Ajuste) and the evidence action. Paged in
 * the browser: the whole provision is one read, and a CSV of thousands of units stays light to render.
 */
export function ReviewUnitsTable({ units, drafts, missing, onChange, onEvidence }: Props) {
  const paging = usePagedRows(units);

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Unidades para revisión">
          <TableHead>
            <TableRow>
              <TableCell>Modelo</TableCell>
              <TableCell>N° de motor</TableCell>
              <TableCell>VIN</TableCell>
              <TableCell align="right">Monto</TableCell>
              <TableCell align="center" sx={CHECK_CELL}>
                Factura
              </TableCell>
              <TableCell align="center" sx={CHECK_CELL}>
                REPUVE
              </TableCell>
              <TableCell align="center" sx={CHECK_CELL}>
                Transunion
              </TableCell>
              <TableCell align="center" sx={CHECK_CELL}>
                AX
              </TableCell>
              <TableCell sx={{ minWidth: 190 }}>Revisión Admin FinBe</TableCell>
              <TableCell align="center" sx={CHECK_CELL}>
                Evidencias
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {paging.visible.map((unit) => {
              const draft = drafts.get(unit.id) ?? { status: unit.status, comment: unit.comment };
              const saved = adminReviewIcon(unit);
              const lacking = missing.has(unit.id);
              return (
                <TableRow key={unit.id}>
                  <TableCell>{unit.model}</TableCell>
                  <TableCell>{unit.motorNumber}</TableCell>
                  <TableCell>{unit.vinNumber}</TableCell>
                  <TableCell align="right">{formatAmount(unit.amount)}</TableCell>
                  <TableCell align="center" sx={CHECK_CELL}>
                    <CheckIcon icon={invoiceIconState(unit)} check="Factura" />
                  </TableCell>
                  <TableCell align="center" sx={CHECK_CELL}>
                    <CheckIcon icon={checkIcon(unit.validation.validRepuve)} check="REPUVE" />
                  </TableCell>
                  <TableCell align="center" sx={CHECK_CELL}>
                    <CheckIcon icon={checkIcon(unit.validation.validTransunion)} check="Transunion" />
                  </TableCell>
                  <TableCell align="center" sx={CHECK_CELL}>
                    <CheckIcon icon={checkIcon(unit.validation.validAx)} check="AX" />
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                      <TextField
                        select
                        size="small"
                        value={String(draft.status)}
                        onChange={(event) => onChange(unit.id, { ...draft, status: Number(event.target.value) })}
                        sx={{ minWidth: 120 }}
                        // Native, like the layout's terms: no animated menu to open and wait out per unit. No
                        // visible label (the column names it): each select is named by its unit's VIN.
                        slotProps={{
                          select: { native: true },
                          htmlInput: { 'aria-label': `Revisión ${unit.vinNumber}` },
                        }}
                      >
                        {UNIT_REVIEW_OPTIONS.map((option) => (
                          <option key={option.value} value={String(option.value)}>
                            {option.label}
                          </option>
                        ))}
                      </TextField>
                      {saved && <CheckIcon icon={saved} check="Revisión guardada" />}
                    </Box>
                    {reviewNeedsComment(draft.status) && (
                      <TextField
                        size="small"
                        label="Comentario"
                        required
                        fullWidth
                        multiline
                        maxRows={3}
                        value={draft.comment}
                        error={lacking}
                        helperText={lacking ? MESSAGES.required : undefined}
                        onChange={(event) => onChange(unit.id, { ...draft, comment: event.target.value })}
                        sx={{ mt: 1 }}
                        slotProps={{
                          htmlInput: { maxLength: REVIEW_COMMENT_MAX, 'aria-label': `Comentario ${unit.vinNumber}` },
                        }}
                      />
                    )}
                  </TableCell>
                  <TableCell align="center" sx={CHECK_CELL}>
                    <IconAction
                      title="Ver evidencias"
                      label={`Ver evidencias ${unit.vinNumber}`}
                      icon={<FolderOpen fontSize="small" />}
                      onClick={() => onEvidence(unit)}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
            {units.length === 0 && <EmptyTableRow colSpan={10} />}
          </TableBody>
        </Table>
      </TableContainer>
      <RowsPagination paging={paging} always />
    </>
  );
}
