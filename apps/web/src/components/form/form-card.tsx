import type { FormEventHandler, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@planpiso/domain';
import { ApiError } from '../../lib/api-client';

type Props = {
  /** The form's accessible name ('Crear rol', 'Editar sucursal', …). */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  maxWidth: number;
  /** The heading over the fields, where the screen has one. */
  title?: string;
  /** While the edited record loads, a placeholder of this height stands for the fields and Guardar waits. */
  loading?: boolean;
  /** Edit mode's query of the record: loading while it has no data, LoadFailed instead of the card when it failed. */
  record?: { data?: unknown; isError: boolean; error: unknown } | null;
  skeletonHeight?: number;
  onCancel: () => void;
  /** The confirmation and result dialogs. */
  dialogs: ReactNode;
  children: ReactNode;
};

/** A catalogue's create/edit form: its fields on a card, then Cancelar and Guardar at the bottom right. */
export function FormCard({
  label,
  onSubmit,
  maxWidth,
  title,
  loading: loadingProp = false,
  record,
  skeletonHeight,
  onCancel,
  dialogs,
  children,
}: Props) {
  if (record?.isError) return <LoadFailed error={record.error} />;
  const loading = loadingProp || (record ? !record.data : false);
  return (
    <Paper
      component="form"
      noValidate
      aria-label={label}
      onSubmit={onSubmit}
      sx={{ p: 3, border: 1, borderColor: 'divider', maxWidth }}
    >
      {title && (
        <Typography variant="h6" component="h2" sx={{ fontSize: 17, mb: 2 }}>
          {title}
        </Typography>
      )}
      {loading ? <Skeleton variant="rounded" height={skeletonHeight} /> : children}
      <FormActions onCancel={onCancel} disabled={loading} mt={3} />
      {dialogs}
    </Paper>
  );
}

type ActionsProps = {
  onCancel: () => void;
  /** Guardar's action; without it Guardar submits the form it stands in. */
  onSave?: () => void;
  disabled?: boolean;
  /** The room above the row, where the content above does not leave it. */
  mt?: number;
};

/** A form's closing row at the bottom right: Cancelar, then the contained Guardar. */
export function FormActions({ onCancel, onSave, disabled, mt }: ActionsProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt }}>
      <Button onClick={onCancel}>Cancelar</Button>
      <Button type={onSave ? 'button' : 'submit'} variant="contained" onClick={onSave} disabled={disabled}>
        Guardar
      </Button>
    </Box>
  );
}

/** The edited record could not be read: the server's message, or the generic one. The title bar's back button returns to the list. */
export const LoadFailed = ({ error }: { error: unknown }) => (
  <Alert severity="error">{error instanceof ApiError ? error.message : MESSAGES.loadError}</Alert>
);
