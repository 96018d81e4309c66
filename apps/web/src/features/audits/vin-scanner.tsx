import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { LOT_AUDIT_MESSAGES as TEXT } from '@planpiso/domain';

type Props = { open: boolean; onDetected: (text: string) => void; onClose: () => void };

/** Whether this browser can open a camera at all (a secure page with getUserMedia). */
export const cameraAvailable = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * Escanear (issue 29 §3): the VIN's barcode (Code 39 / 128 on the door jamb, Data Matrix or QR on newer labels)
 * read from the rear camera with @zxing/browser. The library is loaded only when the dialog opens, so no other
 * page carries it; without a camera the dialog says so and the VIN is typed.
 */
export function VinScanner({ open, onDetected, onClose }: Props) {
  const video = useRef<HTMLVideoElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setProblem(null);
    let stop: (() => void) | undefined;
    let cancelled = false;
    void (async () => {
      try {
        if (!cameraAvailable()) throw new Error('no camera');
        const { BrowserMultiFormatReader } = await import('@zxing/browser');
        if (cancelled || !video.current) return;
        const reader = new BrowserMultiFormatReader();
        const controls = await reader.decodeFromConstraints(
          { video: { facingMode: 'environment' } },
          video.current,
          (result) => {
            if (!result) return;
            controls.stop();
            onDetected(result.getText());
          },
        );
        stop = () => controls.stop();
        if (cancelled) stop();
      } catch {
        if (!cancelled) setProblem(TEXT.scanUnavailable);
      }
    })();
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [open, onDetected]);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="vin-scanner-title">
      <DialogTitle id="vin-scanner-title">{TEXT.scanTitle}</DialogTitle>
      <DialogContent>
        {problem ? (
          <Alert severity="info">{problem}</Alert>
        ) : (
          <>
            <video
              ref={video}
              muted
              playsInline
              style={{ width: '100%', borderRadius: 8, background: '#000', aspectRatio: '4 / 3' }}
            />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {TEXT.scanHint}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{TEXT.scanCancel}</Button>
      </DialogActions>
    </Dialog>
  );
}
