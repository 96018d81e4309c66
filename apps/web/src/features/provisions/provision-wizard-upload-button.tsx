import { useRef, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import UploadFile from '@mui/icons-material/UploadFile';

type Props = {
  /** The hidden file input's accessible name (what a test or a screen reader finds it by). */
  label: string;
  accept: string;
  disabled?: boolean;
  /** While the chosen file uploads: a spinner in place of the upload icon, and the button waits. */
  uploading?: boolean;
  children: ReactNode;
  /** The chosen file (none when the picker is cancelled); an upload reports its own outcome. */
  onFile: (file: File | undefined) => void | Promise<void>;
};

/**
 * A button that opens the file picker. A real <button> clicking a hidden input, rather than MUI's
 * `component="label"`, which gives a <label> the button role (axe: aria-allowed-role).
 */
export function UploadButton({ label, accept, disabled, uploading = false, children, onFile }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={uploading ? <CircularProgress size={16} /> : <UploadFile />}
        disabled={disabled || uploading}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={label}
        accept={accept}
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
