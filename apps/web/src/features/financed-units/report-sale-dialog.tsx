import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  FINANCED_UNIT_MESSAGES as M,
  UNIT_EVIDENCE_EXTENSIONS,
  businessClock,
  saleReportRefusal,
  type FinancedUnitDetail,
} from '@planpiso/domain';
import { FieldsDialog } from '../../components/fields-dialog';
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
      <FieldsDialog
        open={open}
        busy={busy}
        title={M.reportSale}
        text={M.reportSaleConfirm(unit.vin)}
        spacing={2.5}
        onClose={close}
        onConfirm={() => void submit()}
      >
        <DateField control={control} name="soldAt" label={M.saleDateLabel} required disabled={busy} />
        <FileField control={control} name="evidence" label={M.saleEvidenceLabel} rule={EVIDENCE_RULE} disabled={busy} />
      </FieldsDialog>
      <ResultDialog result={result} onAccept={() => setResult(null)} />
    </>
  );
}
