import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  TEXT_MAX,
  serviceDeskEmailFields,
  type CreateServiceDeskEmailRequest,
  CONFIGURATION_MESSAGES,
} from '@planpiso/domain';
import { TextField } from '../../components/form/text-field';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useEditedId } from '../../components/form/use-edited-id';
import { useServiceDeskEmail } from './api/get-service-desk-emails';
import { useSaveServiceDeskEmail } from './api/save-service-desk-email';
import { FormCard } from '../../components/form/form-card';

type Values = { email: string };

/**
 * /crear-emails-mesa-servicio, /editar-emails-mesa-servicio/{id} and /emails-mesa-servicio/{id} (spec 2 §2): one
 * required field, 'Correo electrónico'; edit mode when the route carries an id.
 */
export function ServiceDeskFormPage() {
  const id = useEditedId();
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

  return (
    <FormCard
      label={editing ? 'Editar correo' : 'Crear correo'}
      onSubmit={handleSubmit((values) => flow.ask(serviceDeskEmailFields.parse(values)))}
      maxWidth={720}
      record={editing ? existing : null}
      skeletonHeight={56}
      onCancel={() => void navigate('/emails-mesa-servicio')}
      dialogs={flow.dialogs}
    >
      <TextField
        control={control}
        name="email"
        label="Correo electrónico"
        type="email"
        maxLength={TEXT_MAX}
        disabled={save.isPending}
      />
    </FormCard>
  );
}
