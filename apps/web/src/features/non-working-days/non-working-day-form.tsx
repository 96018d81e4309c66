import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { MESSAGES, TEXT_MAX, nonWorkingDayFields, type CreateNonWorkingDayRequest } from '@planpiso/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DateField } from '../../components/form/date-field';
import { TextField } from '../../components/form/text-field';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { useCreateNonWorkingDay } from './api/save-non-working-day';

type Values = { date: string; reason: string };

/**
 * /crear-dia-inhabil (spec 2 §2): Fecha and Motivo with the spec's own "required" messages, the confirmation
 * 'Estás seguro de registrar este día inhabil?', then the result; success goes back to the list.
 */
export function NonWorkingDayFormPage() {
  const navigate = useNavigate();
  const create = useCreateNonWorkingDay();
  const [pending, setPending] = useState<CreateNonWorkingDayRequest | null>(null);
  const [result, setResult] = useState<ActionResult | null>(null);
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(nonWorkingDayFields) as unknown as Resolver<Values>,
    defaultValues: { date: '', reason: '' },
  });

  const confirm = async () => {
    if (!pending) return;
    try {
      const saved = await create.mutateAsync(pending);
      setResult({ ok: true, message: saved.message ?? MESSAGES.nonWorkingDaySaved });
    } catch (error) {
      setResult(errorResult(error));
    } finally {
      setPending(null);
    }
  };

  return (
    <Paper
      component="form"
      noValidate
      aria-label="Crear día inhábil"
      onSubmit={handleSubmit((values) => setPending(nonWorkingDayFields.parse(values)))}
      sx={{ p: 3, border: 1, borderColor: 'divider', maxWidth: 720 }}
    >
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '240px 1fr' } }}>
        <DateField control={control} name="date" label="Fecha" disabled={create.isPending} />
        <TextField control={control} name="reason" label="Motivo" maxLength={TEXT_MAX} disabled={create.isPending} />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 3 }}>
        <Button onClick={() => void navigate('/dias-inhabiles')}>Cancelar</Button>
        <Button type="submit" variant="contained">
          Guardar
        </Button>
      </Box>
      <ConfirmDialog
        open={pending !== null}
        message={MESSAGES.confirmCreateNonWorkingDay}
        busy={create.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
      <ResultDialog
        result={result}
        onAccept={() => {
          const succeeded = result?.ok;
          setResult(null);
          if (succeeded) void navigate('/dias-inhabiles');
        }}
      />
    </Paper>
  );
}
