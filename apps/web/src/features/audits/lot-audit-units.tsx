import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CameraAlt from '@mui/icons-material/CameraAlt';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import {
  formatAmountText,
  formatBusinessDateTime,
  isDealer,
  LOT_AUDIT_MESSAGES as TEXT,
  LOT_AUDIT_RESULTS,
  lotAuditResultName,
  lotAuditVinRefusal,
  normalizeAuditVin,
  type LotAuditUnit,
  type UserType,
} from '@planpiso/domain';
import { useForm } from 'react-hook-form';
import { DialogButtons } from '../../components/dialog-buttons';
import { DateField } from '../../components/form/date-field';
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

type Position = { latitude: number; longitude: number };
/**
 * Each result's colour, dark enough for white text on it and for itself as text on white (axe color-contrast, 4.5:1):
 * green Encontrada, amber Vendida, red No localizada, blue En tránsito.
 */
const RESULT_COLOR: Record<number, string> = { 1: '#1b5e20', 2: '#8a4b00', 3: '#b71c1c', 4: '#01579b' };

/** The browser's location when it gives it, watched quietly: nothing waits for it and a refusal is no error. */
function usePosition(): Position | null {
  const [position, setPosition] = useState<Position | null>(null);
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return;
    const round = (value: number) => Math.round(value * 1e6) / 1e6;
    const watch = navigator.geolocation.watchPosition(
      (p) => setPosition({ latitude: round(p.coords.latitude), longitude: round(p.coords.longitude) }),
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 60_000, timeout: 15_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, []);
  return position;
}

/** The result chip: the four results in their colours, 'Sin revisar' in grey. */
function ResultChip({ result }: { result: number | null }) {
  return (
    <Chip
      size="small"
      label={lotAuditResultName(result)}
      variant={result === null ? 'outlined' : 'filled'}
      sx={result === null ? undefined : { bgcolor: RESULT_COLOR[result], color: 'common.white' }}
    />
  );
}

type UnitCardProps = {
  unit: LotAuditUnit;
  canMark: boolean;
  busy: boolean;
  photo: File | null;
  position: Position | null;
  onPhoto: (file: File | null) => void;
  onMark: (result: number) => void;
};

/** The unit found: what it is, how it was checked, the photo and the four result buttons. */
function UnitCard({ unit, canMark, busy, photo, position, onPhoto, onMark }: UnitCardProps) {
  const fileInput = useRef<HTMLInputElement | null>(null);
  return (
    <Card variant="outlined" aria-label={`Unidad ${unit.vin}`}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontFamily: 'monospace', fontSize: 18, fontWeight: 600, wordBreak: 'break-all' }}>
                {unit.vin}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {`${unit.model} ${unit.description}`.trim()} · {formatAmountText(unit.amount)}
              </Typography>
            </Box>
            <ResultChip result={unit.result} />
          </Stack>
          {unit.checkedAt && (
            <Typography variant="body2">
              {TEXT.checkedAt}: {formatBusinessDateTime(unit.checkedAt)}
              {unit.checkedByName ? ` · ${unit.checkedByName}` : ''}
              {unit.photoFileId !== null ? ` · ${TEXT.photoAttached}` : ''}
            </Typography>
          )}
          {canMark && (
            <>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                {/* A plain button opens the file input (a <label> acting as a button is not an allowed role). */}
                <Button
                  variant="outlined"
                  startIcon={<CameraAlt />}
                  disabled={busy}
                  onClick={() => fileInput.current?.click()}
                >
                  {TEXT.photoLabel}
                </Button>
                <input
                  ref={fileInput}
                  hidden
                  type="file"
                  accept="image/*"
                  capture="environment"
                  aria-label={TEXT.photoLabel}
                  onChange={(event) => onPhoto(event.target.files?.[0] ?? null)}
                />
                {photo && (
                  <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                    {TEXT.photoAttached}: {photo.name}
                  </Typography>
                )}
              </Stack>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
              >
                <PlaceOutlined fontSize="small" />
                {position
                  ? `${TEXT.locationTaken}: ${position.latitude.toFixed(5)}, ${position.longitude.toFixed(5)}`
                  : TEXT.locationMissing}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
                {LOT_AUDIT_RESULTS.map((result) => (
                  <Button
                    key={result}
                    size="large"
                    variant={unit.result === result ? 'contained' : 'outlined'}
                    disabled={busy}
                    aria-pressed={unit.result === result}
                    onClick={() => onMark(result)}
                    sx={
                      unit.result === result
                        ? { minHeight: 56, bgcolor: RESULT_COLOR[result], color: 'common.white' }
                        : { minHeight: 56, color: RESULT_COLOR[result], borderColor: RESULT_COLOR[result] }
                    }
                  >
                    {lotAuditResultName(result)}
                  </Button>
                ))}
              </Box>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** 'Solicitar autoauditoría': the lender gives the company a deadline (today to the audit's last day). */
function SelfAuditDialog(props: {
  open: boolean;
  endDate: string;
  busy: boolean;
  onConfirm: (deadline: string) => void;
  onClose: () => void;
}) {
  const { control, handleSubmit } = useForm<{ deadline: string }>({ defaultValues: { deadline: props.endDate } });
  const submit = handleSubmit(({ deadline }) => props.onConfirm(deadline));
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="self-audit-title"
    >
      <DialogTitle id="self-audit-title">{TEXT.requestSelfAudit}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>{TEXT.requestSelfAuditText}</Typography>
          <DateField control={control} name="deadline" label={TEXT.deadlineLabel} required disabled={props.busy} />
        </Stack>
      </DialogContent>
      <DialogButtons label="Aceptar" busy={props.busy} onCancel={props.onClose} onConfirm={() => void submit()} />
    </Dialog>
  );
}

/**
 * /auditorias/{id}/unidades (issue 29 item 3, decision 081), phone first: find a unit by typing or scanning its VIN
 * (the check digit checked here and on the server), mark it with one of the four results, a photo from the camera
 * and the location when the browser gives it; 'n de m' as it goes; Cerrar auditoría once every unit is marked, then
 * Descargar reporte (PDF). The lender also requests the dealer's self-audit here.
 */
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
