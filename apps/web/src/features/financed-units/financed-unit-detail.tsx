import { useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PointOfSale from '@mui/icons-material/PointOfSaleOutlined';
import {
  FINANCED_UNIT_MESSAGES as M,
  FINANCED_UNIT_STATUS,
  MESSAGES,
  type FinancedUnitDetail,
  type UserType,
} from '@planpiso/domain';
import { Field, FieldGrid } from '../../components/detail-field';
import { DetailSection } from '../../components/detail-section';
import { errorResult } from '../../components/result-dialog';
import { useUserType } from '../../lib/can';
import { signedFileLink } from '../../lib/file-link';
import { formatAmount, formatDate, formatDateTime } from '../../lib/format';
import { useFinancedUnit } from './api/get-financed-units';
import { FinancedUnitBalanceSection } from './financed-unit-balance';
import { FinancedUnitStatusChip } from './financed-unit-status';
import { ReportSaleDialog } from './report-sale-dialog';

/** The dealer reports its own sales (the operation's `who`), of a unit still Vigente. */
const DEALER: readonly UserType[] = [4, 5];
const mayReportSale = (type: UserType, unit: FinancedUnitDetail) =>
  DEALER.includes(type) && unit.status === FINANCED_UNIT_STATUS.CURRENT;

const orDash = (value: string | null | undefined) => (value ? value : '-');

/**
 * /unidades-financiadas/{id} (issue 29 items 1, 2, 5): a released unit's data, where it was drawn, its money and
 * days, and its whole history (released, sold, audited, paid) — who and when; the dealer's 'Reportar venta'.
 */
export function FinancedUnitDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const type = useUserType();
  const unit = useFinancedUnit(valid ? id : null);
  if (type === null) return null;
  if (!valid) return <Alert severity="error">{MESSAGES.notFound}</Alert>;
  if (unit.isError) return <Alert severity="error">{errorResult(unit.error).message ?? MESSAGES.loadError}</Alert>;
  if (!unit.data) return <Skeleton variant="rounded" height={420} sx={{ maxWidth: 1280 }} />;
  return <FinancedUnitView unit={unit.data} type={type} />;
}

function FinancedUnitView({ unit, type }: { unit: FinancedUnitDetail; type: UserType }) {
  const [reporting, setReporting] = useState(false);
  return (
    <Box sx={{ display: 'grid', gap: 2.5, maxWidth: 1280, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" aria-label={`VIN ${unit.vin}`}>
          {unit.vin}
        </Typography>
        <FinancedUnitStatusChip status={unit.status} />
        {mayReportSale(type, unit) && (
          <Button
            variant="contained"
            startIcon={<PointOfSale />}
            sx={{ ml: { sm: 'auto' } }}
            onClick={() => setReporting(true)}
          >
            {M.reportSale}
          </Button>
        )}
      </Box>
      <DetailSection id="financed-unit-data-title" title="Datos de la unidad">
        <FieldGrid columns={{ xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }}>
          <Field label="VIN">{unit.vin}</Field>
          <Field label="Marca">{orDash(unit.brand)}</Field>
          <Field label="Modelo">{orDash(unit.model)}</Field>
          <Field label="Descripción">{orDash(unit.description)}</Field>
          <Field label="Empresa">{unit.companyName}</Field>
          <Field label="Sucursal">{orDash(unit.agencyName)}</Field>
          <Field label={unit.source === 'refinancing' ? 'Folio de refinanciamiento' : 'Folio de disposición'}>
            {unit.folio}
          </Field>
          <Field label="Línea de crédito">{orDash(unit.creditLine)}</Field>
          <Field label="N° de crédito">{orDash(unit.creditNumber)}</Field>
          <Field label="Monto financiado">{formatAmount(unit.amount)}</Field>
          <Field label="Fecha de liberación">{formatDate(unit.releasedOn)}</Field>
          <Field label="Plazo (meses)">{unit.term}</Field>
          <Field label="Fecha de vencimiento">{formatDate(unit.endsOn)}</Field>
          <Field label="Días en piso">{unit.daysFloored}</Field>
          {unit.soldAt && <Field label="Fecha de venta">{formatDate(unit.soldAt)}</Field>}
          {unit.soldReportedBy && <Field label="Venta reportada por">{unit.soldReportedBy}</Field>}
          {unit.soldEvidenceFileId !== null && (
            <Field label="Evidencia de venta">
              <SaleEvidenceButton fileId={unit.soldEvidenceFileId} />
            </Field>
          )}
          {unit.payoffDueDate && <Field label="Liquidar a más tardar">{formatDate(unit.payoffDueDate)}</Field>}
          {unit.paidAt && <Field label="Fecha de liquidación">{formatDate(unit.paidAt)}</Field>}
        </FieldGrid>
      </DetailSection>
      <FinancedUnitBalanceSection unit={unit} />
      <FinancedUnitHistory unit={unit} />
      {/* Not keyed by the version: the answer's reload must not unmount the result dialog it opens. */}
      <ReportSaleDialog unit={unit} open={reporting} onClose={() => setReporting(false)} />
    </Box>
  );
}

/** Opens the buyer's evidence through a short-lived signed link (the files module's scoped download). */
function SaleEvidenceButton({ fileId }: { fileId: number }) {
  const [problem, setProblem] = useState<string | null>(null);
  const open = async () => {
    try {
      window.open((await signedFileLink(fileId)).url, '_blank', 'noopener');
    } catch (error) {
      setProblem(errorResult(error).message ?? MESSAGES.loadError);
    }
  };
  return (
    <>
      <Button size="small" sx={{ px: 0, minWidth: 0 }} onClick={() => void open()}>
        {M.saleEvidenceOpen}
      </Button>
      {problem && <Typography component="span" color="error" variant="body2">{` ${problem}`}</Typography>}
    </>
  );
}

/** The unit's history, oldest first: what happened, who (the system when no user acted) and when. */
function FinancedUnitHistory({ unit }: { unit: FinancedUnitDetail }) {
  const entries = unit.history;
  return (
    <DetailSection id="financed-unit-history-title" title="Historial">
      {entries.length === 0 ? (
        <Typography color="text.secondary">{M.historyEmpty}</Typography>
      ) : (
        <List aria-label="Historial" sx={{ py: 0 }}>
          {entries.map((entry, index) => (
            <ListItem
              key={entry.id}
              divider={index < entries.length - 1}
              sx={{ alignItems: 'flex-start', gap: 2, px: 0 }}
            >
              <Box
                aria-hidden
                sx={{ mt: 0.75, width: 10, height: 10, borderRadius: '50%', flexShrink: 0, bgcolor: 'primary.main' }}
              />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{M.eventKinds[entry.kind] ?? entry.kind}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {`${entry.actorName ?? M.systemActor} · ${formatDateTime(entry.at)}`}
                </Typography>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
    </DetailSection>
  );
}
