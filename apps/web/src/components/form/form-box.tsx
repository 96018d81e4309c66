import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

type Props = {
  /** The form's accessible name, where it has one. */
  label?: string;
  /** Leaves the checking to the contract (the browser's own bubbles stay off). */
  noValidate?: boolean;
  onSubmit: () => void;
  sx: SxProps<Theme>;
  children: ReactNode;
};

/** A form laid out by `sx` whose Enter (or submit button) runs `onSubmit` in place of the browser's submission. */
export function FormBox({ label, noValidate, onSubmit, sx, children }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Box component="form" noValidate={noValidate} aria-label={label} onSubmit={submit} sx={sx}>
      {children}
    </Box>
  );
}
