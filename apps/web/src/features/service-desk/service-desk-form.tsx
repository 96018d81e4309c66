import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import {
  MESSAGES,
  TEXT_MAX,
  serviceDeskEmailFields,
  type CreateServiceDeskEmailRequest,
  CONFIGURATION_MESSAGES,
} from '@planpiso/domain';
import { TextField } from '../../components/form/text-field';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { ApiError } from '../../lib/api-client';
import { useServiceDeskEmail } from './api/get-service-desk-emails';
import { useSaveServiceDeskEmail } from './api/save-service-desk-email';

type Values = { email: string };

/**
 * /crear-emails-mesa-servicio, /editar-emails-mesa-servicio/{id} and /emails-mesa-servicio/{id} (spec 2 §2): one
 * required field, 'Correo electrónico'; edit mode when the route carries an id.
 */
export function ServiceDeskFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const editing = id !== null;
  const navigate = useNavigate();
  const existing = useServiceDeskEmail(id);
  const save = useSaveServiceDeskEmail();
  const { control, handleSubmit, reset } = useForm<Values>({
    resolver: zodResolver(serviceDeskEmailFields) as unknown as Resolver<Values>,
    defaultValues: { email: '' },
  });
  useEffect(() => {
    if (existing.data) reset({ email: existing.data.email });
  }, [existing.data, reset]);

  const flow = useConfirmedAction<CreateServiceDeskEmailRequest>({
    run: (body) => save.mutateAsync({ id, body }),
    prompt: () =>
      editing
        ? {
            title: CONFIGURATION_MESSAGES.confirmEditServiceDeskEmailTitle,
            message: CONFIGURATION_MESSAGES.confirmEditServiceDeskEmail,
          }
        : {
            title: CONFIGURATION_MESSAGES.confirmCreateServiceDeskEmailTitle,
            message: CONFIGURATION_MESSAGES.confirmCreateServiceDeskEmail,
          },
    onAccepted: (succeeded) => succeeded && void navigate('/emails-mesa-servicio'),
  });

  if (editing && existing.isError) {
    return (
      <Alert severity="error">{existing.error instanceof ApiError ? existing.error.message : MESSAGES.loadError}</Alert>
    );
  }
  const loading = editing && !existing.data;

  return (
    <Paper
      component="form"
      noValidate
      aria-label={editing ? 'Editar correo' : 'Crear correo'}
      onSubmit={handleSubmit((values) => flow.ask(serviceDeskEmailFields.parse(values)))}
      sx={{ p: 3, border: 1, borderColor: 'divider', maxWidth: 720 }}
    >
      {loading ? (
        <Skeleton variant="rounded" height={56} />
      ) : (
        <TextField
          control={control}
          name="email"
          label="Correo electrónico"
          type="email"
          maxLength={TEXT_MAX}
          disabled={save.isPending}
        />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 3 }}>
        <Button onClick={() => void navigate('/emails-mesa-servicio')}>Cancelar</Button>
        <Button type="submit" variant="contained" disabled={loading}>
          Guardar
        </Button>
      </Box>
      {flow.dialogs}
    </Paper>
  );
}
