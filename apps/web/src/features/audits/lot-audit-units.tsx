import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import {
  isDealer,
  LOT_AUDIT_MESSAGES as TEXT,
  lotAuditResultName,
  lotAuditVinRefusal,
  normalizeAuditVin,
  type LotAuditUnit,
  type UserType,
} from '@planpiso/domain';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { ApiError } from '../../lib/api-client';
import { saveFile } from '../../lib/download';
import { useSession } from '../../lib/session';
import {
  downloadLotAuditReport,
  findLotAuditUnit,
  uploadLotAuditPhoto,
  useLotAuditMoves,
  useLotAuditUnits,
} from './api/lot-audits';
// The scanner's library (@zxing/browser) loads only when 'Escanear' is pressed (vin-scanner.tsx).
import { cameraAvailable, VinScanner } from './vin-scanner';
import { ResultChip, SelfAuditDialog, UnitCard, usePosition } from './lot-audit-unit-card';

export function LotAuditUnitsPage() {
  const id = Number(useParams().id);
  const session = useSession();
  const dealer = session ? isDealer(session.user.type as UserType) : false;
  const query = useLotAuditUnits(id);
  const moves = useLotAuditMoves(id);
  const position = usePosition();
  const [vin, setVin] = useState('');
  const [vinError, setVinError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [marking, setMarking] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
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

  const search = async (raw: string) => {
    const problem = lotAuditVinRefusal(raw);
    setVinError(problem);
    setSaved(null);
    if (problem) return;
    setSearching(true);
    try {
      select(await findLotAuditUnit(id, normalizeAuditVin(raw)));
    } catch (error) {
      setVinError(error instanceof ApiError ? error.message : (errorResult(error).message ?? null));
      setSelectedId(null);
    } finally {
      setSearching(false);
    }
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    void search(vin);
  };
  // The scanner's callback stays the same while it runs (its camera is not restarted); it searches with the latest.
  const searchRef = useRef(search);
  searchRef.current = search;
  const detected = useCallback((text: string) => {
    setScanning(false);
    const scanned = normalizeAuditVin(text);
    setVin(scanned);
    void searchRef.current(scanned);
  }, []);

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
  const percent = progress.total === 0 ? 0 : (100 * progress.checked) / progress.total;

  return (
    <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto', pb: 4 }}>
      <Box>
        <Button
          component={RouterLink}
          to={dealer ? '/autoauditorias' : '/auditorias'}
          startIcon={<ArrowBack />}
          size="small"
        >
          {TEXT.back}
        </Button>
      </Box>
      <Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography variant="h6" component="h2">
            Auditoría {audit.folio}
          </Typography>
          <Chip size="small" label={audit.statusName} color={audit.status === 2 ? 'default' : 'primary'} />
        </Stack>
        <Typography variant="body2">{audit.companyName}</Typography>
        {audit.selfAuditDeadline && (
          <Typography variant="body2" color="text.secondary">
            {TEXT.selfAuditUntil(audit.selfAuditDeadline)}
          </Typography>
        )}
      </Box>
      <Box aria-label={TEXT.progressLabel} role="group">
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography variant="body2">{TEXT.progressLabel}</Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="lot-audit-progress">
            {progress.text}
          </Typography>
        </Stack>
        {/* The bar only draws 'n de m' (said in the text above): not a progressbar, nothing is loading. */}
        <Box aria-hidden sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden', mt: 0.5 }}>
          <Box sx={{ width: `${percent}%`, height: '100%', bgcolor: 'primary.main' }} />
        </Box>
      </Box>

      {audit.can.requestSelfAudit && (
        <Button variant="outlined" onClick={() => setAskingSelfAudit(true)}>
          {TEXT.requestSelfAudit}
        </Button>
      )}

      {audit.can.mark && (
        <Box component="form" onSubmit={submitSearch} noValidate>
          <Stack spacing={1}>
            <TextField
              label={TEXT.vinLabel}
              value={vin}
              onChange={(event) => setVin(event.target.value.toUpperCase())}
              error={vinError !== null}
              helperText={vinError ?? ' '}
              autoComplete="off"
              slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 24 } }}
              fullWidth
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={searching} sx={{ flex: 1 }}>
                {TEXT.search}
              </Button>
              <Button
                variant="outlined"
                startIcon={<QrCodeScanner />}
                onClick={() => setScanning(true)}
                disabled={!cameraAvailable()}
                sx={{ flex: 1 }}
              >
                {TEXT.scan}
              </Button>
            </Stack>
          </Stack>
        </Box>
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

      {data.findings.length > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {TEXT.findings}
          </Typography>
          <List dense disablePadding aria-label={TEXT.findings}>
            {data.findings.map((finding) => (
              <ListItem key={finding.auditUnitId} disablePadding>
                <ListItemText
                  primary={`${finding.vin} — ${finding.kindName}`}
                  secondary={TEXT.findingDeadline(finding.deadline)}
                  slotProps={{ primary: { sx: { fontFamily: 'monospace', fontSize: 14 } } }}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}

      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {TEXT.unitsTitle}
        </Typography>
        {data.units.length === 0 ? (
          <Typography variant="body2">{TEXT.noUnits}</Typography>
        ) : (
          <List dense disablePadding aria-label={TEXT.unitsTitle}>
            {data.units.map((unit) => (
              <ListItem key={unit.id} disablePadding>
                <ListItemButton selected={unit.id === selectedId} onClick={() => select(unit)} sx={{ gap: 1, px: 1 }}>
                  <ListItemText
                    primary={unit.vin}
                    secondary={`${unit.model} ${unit.description}`.trim()}
                    slotProps={{ primary: { sx: { fontFamily: 'monospace', fontSize: 14, wordBreak: 'break-all' } } }}
                  />
                  <ResultChip result={unit.result} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Box>

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

      <VinScanner open={scanning} onDetected={detected} onClose={() => setScanning(false)} />
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
