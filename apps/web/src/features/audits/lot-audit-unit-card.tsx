import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CameraAlt from '@mui/icons-material/CameraAlt';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import {
  formatAmountText,
  formatBusinessDateTime,
  LOT_AUDIT_MESSAGES as TEXT,
  LOT_AUDIT_RESULTS,
  lotAuditResultName,
  type LotAuditUnit,
} from '@planpiso/domain';
import { useForm } from 'react-hook-form';
import { FieldsDialog } from '../../components/fields-dialog';
import { DateField } from '../../components/form/date-field';
// The scanner's library (@zxing/browser) loads only when 'Escanear' is pressed (vin-scanner.tsx).

// The pieces of an audit's units screen (issue 29 item 3): the phone's position, a result's chip, the found unit's
// card and the lender's 'Solicitar autoauditoría' dialog.
export type Position = { latitude: number; longitude: number };
/**
 * Each result's colour, dark enough for white text on it and for itself as text on white (axe color-contrast, 4.5:1):
 * green Encontrada, amber Vendida, red No localizada, blue En tránsito.
 */
const RESULT_COLOR: Record<number, string> = { 1: '#1b5e20', 2: '#8a4b00', 3: '#b71c1c', 4: '#01579b' };

/** The browser's location when it gives it, watched quietly: nothing waits for it and a refusal is no error. */
export function usePosition(): Position | null {
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
export function ResultChip({ result }: { result: number | null }) {
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
export function UnitCard({ unit, canMark, busy, photo, position, onPhoto, onMark }: UnitCardProps) {
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
export function SelfAuditDialog(props: {
  open: boolean;
  endDate: string;
  busy: boolean;
  onConfirm: (deadline: string) => void;
  onClose: () => void;
}) {
  const { control, handleSubmit } = useForm<{ deadline: string }>({ defaultValues: { deadline: props.endDate } });
  const submit = handleSubmit(({ deadline }) => props.onConfirm(deadline));
  return (
    <FieldsDialog
      open={props.open}
      busy={props.busy}
      title={TEXT.requestSelfAudit}
      text={TEXT.requestSelfAuditText}
      spacing={2}
      onClose={props.onClose}
      onConfirm={() => void submit()}
    >
      <DateField control={control} name="deadline" label={TEXT.deadlineLabel} required disabled={props.busy} />
    </FieldsDialog>
  );
}

/**
 * /auditorias/{id}/unidades (issue 29 item 3, decision 081), phone first: find a unit by typing or scanning its VIN
 * (the check digit checked here and on the server), mark it with one of the four results, a photo from the camera
 * and the location when the browser gives it; 'n de m' as it goes; Cerrar auditoría once every unit is marked, then
 * Descargar reporte (PDF). The lender also requests the dealer's self-audit here.
 */
