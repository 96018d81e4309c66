import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import {
  TEXT_MAX,
  nonWorkingDayFields,
  type CreateNonWorkingDayRequest,
  CONFIGURATION_MESSAGES,
} from '@planpiso/domain';
import { DateField } from '../../components/form/date-field';
import { TextField } from '../../components/form/text-field';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useCreateNonWorkingDay } from './api/save-non-working-day';
import { FormCard } from '../../components/form/form-card';

type Values = { date: string; reason: string };

/**
 * /crear-dia-inhabil (spec 2 §2): Fecha and Motivo with the spec's own "required" messages, the confirmation
 * 'Estás seguro de registrar este día inhabil?', then the result; success goes back to the list.
 */
export function NonWorkingDayFormPage() {
  const navigate = useNavigate();
  const create = useCreateNonWorkingDay();
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(nonWorkingDayFields) as unknown as Resolver<Values>,
    defaultValues: { date: '', reason: '' },
  });
  const save = useConfirmedAction<CreateNonWorkingDayRequest>({
    run: (day) => create.mutateAsync(day),
    prompt: () => ({ message: CONFIGURATION_MESSAGES.confirmCreateNonWorkingDay }),
    success: (_day, message) => ({ message: message ?? CONFIGURATION_MESSAGES.nonWorkingDaySaved }),
    onAccepted: (succeeded) => succeeded && void navigate('/dias-inhabiles'),
  });

  return (
    <FormCard
      label="Crear día inhábil"
      onSubmit={handleSubmit((values) => save.ask(nonWorkingDayFields.parse(values)))}
      maxWidth={720}
      onCancel={() => void navigate('/dias-inhabiles')}
      dialogs={save.dialogs}
    >
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '240px 1fr' } }}>
        <DateField control={control} name="date" label="Fecha" disabled={create.isPending} />
        <TextField control={control} name="reason" label="Motivo" maxLength={TEXT_MAX} disabled={create.isPending} />
      </Box>
    </FormCard>
  );
}
