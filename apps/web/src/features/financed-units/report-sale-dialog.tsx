import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  FINANCED_UNIT_MESSAGES as M,
  UNIT_EVIDENCE_EXTENSIONS,
  businessClock,
  saleReportRefusal,
  type FinancedUnitDetail,
} from '@planpiso/domain';
import { DialogButtons } from '../../components/dialog-buttons';
import { FileField } from '../../components/file-field';
import { DateField } from '../../components/form/date-field';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { uploadSaleEvidence, useReportFinancedUnitSale } from './api/get-financed-units';

type Values = { soldAt: string; evidence: File | null };

/** The buyer's evidence: what a unit's evidences may be (the invoice, a photo). */
const EVIDENCE_RULE = { extensions: UNIT_EVIDENCE_EXTENSIONS.map((extension) => `.${extension}`) };

/**
 * What the screen can tell before asking the server: the domain's rule (saleReportRefusal), the one the server asks
 * too — a day is given, it is not after today (the business's day, whatever the browser's zone) nor before the release.
 */
export function saleDateProblem(soldAt: string, releasedOn: string, today: string): string | null {
  return saleReportRefusal({ released: true, saleDate: soldAt, releaseDate: releasedOn, today })?.message ?? null;
}

type Props = { unit: FinancedUnitDetail; open: boolean; onClose: () => void };

/**
 * Reportar venta (issue 29 item 2, types 4 and 5): the day the unit was sold and, optionally, the buyer's evidence
 * (uploaded first as a unit's evidence, then named by its id). The result dialog shows the server's message; the
 * unit reloads with its new status.
 */
export function ReportSaleDialog({ unit, open, onClose }: Props) {
  const report = useReportFinancedUnitSale(unit.id);
  const { control, handleSubmit, setError, reset } = useForm<Values>({
    defaultValues: { soldAt: '', evidence: null },
  });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);

  const close = () => {
    reset();
    onClose();
  };

  const submit = handleSubmit(async ({ soldAt, evidence }) => {
    const problem = saleDateProblem(soldAt, unit.releasedOn, businessClock(new Date()).day);
    if (problem) return setError('soldAt', { message: problem });
    setBusy(true);
    try {
      const evidenceFileId = evidence ? (await uploadSaleEvidence(evidence)).fileId : undefined;
      const answer = await report.mutateAsync({ soldAt, evidenceFileId, version: unit.version });
      setResult({ ok: true, message: answer.message ?? M.saleReported(unit.vin) });
      close();
    } catch (error) {
      setResult(errorResult(error));
    } finally {
      setBusy(false);
    }
  });

  return (
    <>
      <Dialog
        open={open}
        onClose={busy ? undefined : close}
        maxWidth="xs"
        fullWidth
        aria-labelledby="report-sale-title"
      >
        <DialogTitle id="report-sale-title">{M.reportSale}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography>{M.reportSaleConfirm(unit.vin)}</Typography>
            <DateField control={control} name="soldAt" label={M.saleDateLabel} required disabled={busy} />
            <FileField
              control={control}
              name="evidence"
              label={M.saleEvidenceLabel}
              rule={EVIDENCE_RULE}
              disabled={busy}
            />
          </Stack>
        </DialogContent>
        <DialogButtons label="Aceptar" busy={busy} onCancel={close} onConfirm={() => void submit()} />
      </Dialog>
      <ResultDialog result={result} onAccept={() => setResult(null)} />
    </>
  );
}
