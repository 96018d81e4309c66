import { useRef, type ReactNode } from 'react';
import Button from '@mui/material/Button';

type Props = {
  /** The hidden file input's accessible name (what a test or a screen reader finds it by). */
  label: string;
  accept: string;
  disabled?: boolean;
  startIcon?: ReactNode;
  children: ReactNode;
  onFile: (file: File | undefined) => void;
};

/**
 * A button that opens the file picker. A real <button> clicking a hidden input, rather than MUI's
 * `component="label"`, which gives a <label> the button role (axe: aria-allowed-role).
 */
export function UploadButton({ label, accept, disabled, startIcon, children, onFile }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" startIcon={startIcon} disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={label}
        accept={accept}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
