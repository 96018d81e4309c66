import { useEffect, type ReactNode } from 'react';
import { useForm, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  FINANCED_UNIT_MESSAGES,
  MESSAGES,
  TEXT_MAX,
  provisionConfiguration,
  type ProvisionConfiguration,
  CONFIGURATION_MESSAGES,
} from '@planpiso/domain';
import { TextField } from '../../components/form/text-field';
import { TimeField } from '../../components/form/time-field';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { ApiError } from '../../lib/api-client';
import { useConfiguration, useSaveConfiguration } from './api/configuration';

type Values = ProvisionConfiguration;

/** The three periodic validations, each every N days at a time (spec 2 §2, decision 011). */
const VALIDATIONS = [
  { key: 'ax', label: 'AX' },
  { key: 'transunion', label: 'TransUnion' },
  { key: 'repuve', label: 'REPUVE' },
] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function ValidationRow({
  control,
  name,
  label,
  disabled,
}: {
  control: Control<Values>;
  name: 'ax' | 'transunion' | 'repuve' | 'register';
  label: string;
  disabled: boolean;
}) {
  return (
    // On a phone the name goes above its two fields, so 'Días TransUnion' and 'Hora REPUVE' keep their whole labels.
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: '170px 1fr 1fr' },
        gap: 2,
        alignItems: 'center',
      }}
    >
      <Typography sx={{ fontWeight: 600, gridColumn: { xs: '1 / -1', sm: 'auto' } }}>{label}</Typography>
      <TextField
        control={control}
        name={`${name}.days`}
        label={`Días ${label}`}
        type="number"
        inputMode="numeric"
        disabled={disabled}
      />
      <TimeField control={control} name={`${name}.hours`} label={`Hora ${label}`} disabled={disabled} />
    </Box>
  );
}

/**
 * /configuraciones, 'Configuración de Disposiciones' (spec 2 §2): the provision e-mail, the operating window, the
 * provision validity, and 'Configuración de validaciones periódicas'. Guardar asks 'Desea guardar la configuración
 * actual?'; success shows 'Guardado' / 'Configuración guardada', failure a dialog titled 'Error'. Each validation
 * keeps its own value (decision 012).
 */
export function ConfigurationPage() {
  const configuration = useConfiguration();
  const save = useSaveConfiguration();
  const { control, handleSubmit, reset } = useForm<Values>({
    resolver: zodResolver(provisionConfiguration) as unknown as Resolver<Values>,
  });
  useEffect(() => {
    if (configuration.data) {
      const { updatedAt: _updatedAt, ...values } = configuration.data;
      reset(values);
    }
  }, [configuration.data, reset]);

  const flow = useConfirmedAction<Values>({
    run: (values) => save.mutateAsync(values),
    prompt: () => ({ message: CONFIGURATION_MESSAGES.confirmSaveConfiguration }),
    // spec 2 §2, §8: 'Guardado' / 'Configuración guardada', and a failure titled 'Error'.
    success: (_values, message) => ({
      title: CONFIGURATION_MESSAGES.configurationSavedTitle,
      message: message ?? CONFIGURATION_MESSAGES.configurationSaved,
    }),
    failureTitle: CONFIGURATION_MESSAGES.configurationErrorTitle,
  });

  if (configuration.isError) {
    return (
      <Alert severity="error">
        {configuration.error instanceof ApiError ? configuration.error.message : MESSAGES.loadError}
      </Alert>
    );
  }
  const busy = save.isPending;

  return (
    <Paper
      component="form"
      noValidate
      aria-label="Configuración de Disposiciones"
      onSubmit={handleSubmit((values) => flow.ask(provisionConfiguration.parse(values)))}
      sx={{ p: 3, border: 1, borderColor: 'divider', maxWidth: 860, display: 'grid', gap: 4 }}
    >
      {!configuration.data ? (
        <Skeleton variant="rounded" height={360} />
      ) : (
        <>
          <Section title="Disposiciones">
            <TextField
              control={control}
              name="email"
              label="Correo de disposiciones"
              type="email"
              maxLength={TEXT_MAX}
              disabled={busy}
            />
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, gap: 2 }}>
              <TimeField control={control} name="startOperation.hours" label="Inicio de operación" disabled={busy} />
              <TimeField control={control} name="endOperation.hours" label="Fin de operación" disabled={busy} />
              <TextField
                control={control}
                name="provision.days"
                label="Vigencia de la disposición (días)"
                type="number"
                inputMode="numeric"
                disabled={busy}
              />
            </Box>
          </Section>
          <Section title="Configuración de validaciones periódicas">
            {VALIDATIONS.map(({ key, label }) => (
              <ValidationRow key={key} control={control} name={key} label={label} disabled={busy} />
            ))}
          </Section>
          {/* Issue 29 (decision 080): the sold units' payoff grace and the register's reconciliation with the CRM. */}
          <Section title={FINANCED_UNIT_MESSAGES.configurationTitle}>
            <TextField
              control={control}
              name="payoffGraceDays"
              label={FINANCED_UNIT_MESSAGES.graceDaysLabel}
              type="number"
              inputMode="numeric"
              disabled={busy}
            />
            <ValidationRow
              control={control}
              name="register"
              label={FINANCED_UNIT_MESSAGES.reconcileLabel}
              disabled={busy}
            />
          </Section>
        </>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={!configuration.data}>
          Guardar
        </Button>
      </Box>
      {flow.dialogs}
    </Paper>
  );
}
