import { useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  isDealer,
  LOT_AUDIT_MESSAGES as TEXT,
  lotAuditResultName,
  type LotAuditUnit,
  type UserType,
} from '@planpiso/domain';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { saveFile } from '../../lib/download';
import { useSession } from '../../lib/session';
import { downloadLotAuditReport, uploadLotAuditPhoto, useLotAuditMoves, useLotAuditUnits } from './api/lot-audits';
import { SelfAuditDialog, UnitCard, usePosition } from './lot-audit-unit-card';
import { LotAuditFindings, LotAuditHeading, LotAuditUnitList, VinSearch } from './lot-audit-page-parts';

/** /auditorias/:id/unidades — the phone screen: find each unit, mark it, photograph it; close and download. */
export function LotAuditUnitsPage() {
  const id = Number(useParams().id);
  const session = useSession();
  const dealer = session ? isDealer(session.user.type as UserType) : false;
  const query = useLotAuditUnits(id);
  const moves = useLotAuditMoves(id);
  const position = usePosition();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [marking, setMarking] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [askingSelfAudit, setAskingSelfAudit] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);

  const data = query.data;
  const audit = data?.audit;
  const selected = data?.units.find((unit) => unit.id === selectedId) ?? null;

  const select = (unit: LotAuditUnit) => {
    setSelectedId(unit.id);
    setPhoto(null);
    setSaved(null);
  };

  const mark = async (unit: LotAuditUnit, chosen: number) => {
    setMarking(true);
    setSaved(null);
    try {
      const photoFileId = photo ? (await uploadLotAuditPhoto(id, photo)).fileId : undefined;
      const answer = await moves.mark.mutateAsync({
        unitId: unit.id,
        body: { result: chosen, photoFileId, ...(position ?? {}) },
      });
      setPhoto(null);
      setSaved(answer.message ?? TEXT.unitMarked(unit.vin, lotAuditResultName(chosen)));
    } catch (error) {
      setResult(errorResult(error));
    } finally {
      setMarking(false);
    }
  };

  const closing = useConfirmedAction<number>({
    run: async (version) => {
      const answer = await moves.close.mutateAsync(version);
      setSaved(null);
      return answer;
    },
    prompt: () => ({ title: TEXT.close, message: TEXT.closeConfirm }),
  });
  const downloading = useConfirmedAction<number>({
    run: async () => {
      const { blob, fileName } = await downloadLotAuditReport(id);
      saveFile(blob, fileName ?? `${TEXT.reportTitle(audit?.folio ?? String(id))}.pdf`);
      return { message: TEXT.downloaded };
    },
    prompt: () => ({ title: TEXT.download, message: TEXT.downloadConfirm }),
    success: () => ({ title: TEXT.downloadedTitle, message: TEXT.downloaded }),
  });

  const requestSelfAudit = async (deadline: string) => {
    try {
      const answer = await moves.requestSelfAudit.mutateAsync(deadline);
      setAskingSelfAudit(false);
      setResult({ ok: true, message: answer.message });
    } catch (error) {
      setResult(errorResult(error));
    }
  };

  if (query.isError) return <Alert severity="error">{errorResult(query.error).message}</Alert>;
  if (!data || !audit) return <LinearProgress aria-label="Cargando" />;
  const { progress } = audit;

  return (
    <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto', pb: 4 }}>
      <LotAuditHeading audit={audit} dealer={dealer} />

      {audit.can.requestSelfAudit && (
        <Button variant="outlined" onClick={() => setAskingSelfAudit(true)}>
          {TEXT.requestSelfAudit}
        </Button>
      )}

      {audit.can.mark && (
        <VinSearch auditId={id} onSearch={() => setSaved(null)} onFound={select} onMiss={() => setSelectedId(null)} />
      )}

      {saved && (
        <Alert severity="success" role="status">
          {saved}
        </Alert>
      )}

      {selected && (
        <UnitCard
          unit={selected}
          canMark={audit.can.mark}
          busy={marking}
          photo={photo}
          position={position}
          onPhoto={setPhoto}
          onMark={(chosen) => void mark(selected, chosen)}
        />
      )}

      <LotAuditFindings findings={data.findings} />
      <LotAuditUnitList units={data.units} selectedId={selectedId} onSelect={select} />

      <Stack spacing={1}>
        {audit.status !== 2 && (audit.can.close || audit.can.mark) && (
          <Button
            variant="contained"
            color="primary"
            size="large"
            disabled={!audit.can.close}
            onClick={() => closing.ask(audit.version)}
          >
            {TEXT.close}
          </Button>
        )}
        {audit.status !== 2 && !audit.can.close && audit.can.mark && progress.checked < progress.total && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {TEXT.pendingUnits(progress.total - progress.checked)}
          </Typography>
        )}
        <Button variant="outlined" size="large" onClick={() => downloading.ask(id)}>
          {TEXT.download}
        </Button>
      </Stack>

      <SelfAuditDialog
        key={String(askingSelfAudit)}
        open={askingSelfAudit}
        endDate={audit.endDate}
        busy={moves.requestSelfAudit.isPending}
        onConfirm={(deadline) => void requestSelfAudit(deadline)}
        onClose={() => setAskingSelfAudit(false)}
      />
      {closing.dialogs}
      {downloading.dialogs}
      <ResultDialog result={result} onAccept={() => setResult(null)} />
    </Stack>
  );
}
