import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import {
  AUDITOR_MAX,
  AUDIT_DESCRIPTION_MAX,
  AUDIT_MESSAGES,
  auditForm,
  onlyChoice,
  type AuditFormValues,
} from '@planpiso/domain';
import { DateField } from '../../components/form/date-field';
import { AccountCompanySelects, useAccountAndCompanyChoices } from '../../components/form/account-company-selects';
import { TextField } from '../../components/form/text-field';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useEditedId } from '../../components/form/use-edited-id';
import { useAudit, useSaveAudit } from './api/audits';
import { EMPTY_AUDIT, type AuditFormFields } from './audit-form-fields';
import { AuditSuspendField } from './audit-suspend-field';
import { FormCard } from '../../components/form/form-card';

/**
 * /crear-auditoria and /editar-auditoria/{id} (spec 3 §2, §5 "Audit form"): 'Datos de la Auditoria'. The account is
 * chosen for the user when it has only one, the company when the account has only one. Saved → /auditorias.
 */
export function AuditFormPage() {
  const id = useEditedId();
  const editing = id !== null;
  const navigate = useNavigate();
  const existing = useAudit(id);
  const save = useSaveAudit();
  const { control, handleSubmit, reset, setValue, getValues } = useForm<AuditFormFields>({
    resolver: zodResolver(auditForm) as unknown as Resolver<AuditFormFields>,
    defaultValues: EMPTY_AUDIT,
  });
  useEffect(() => {
    const audit = existing.data;
    if (audit) {
      reset({
        auditor: audit.auditor,
        description: audit.description,
        accountId: audit.accountId,
        companyId: audit.companyId,
        isSuspended: audit.isSuspended,
        initialDate: audit.initialDate,
        endDate: audit.endDate,
      });
    }
  }, [existing.data, reset]);
  const choices = useAccountAndCompanyChoices(control);
  const { accounts, companies } = choices;
  useEffect(() => {
    const only = onlyChoice(accounts.data);
    if (!editing && only !== null && getValues('accountId') === null) setValue('accountId', only);
  }, [accounts.data, editing, getValues, setValue]);
  useEffect(() => {
    const only = onlyChoice(companies.data);
    if (only !== null && getValues('companyId') === null) setValue('companyId', only);
  }, [companies.data, getValues, setValue]);

  const flow = useConfirmedAction<AuditFormValues>({
    run: (body) =>
      id === null
        ? save.mutateAsync({ id: null, body })
        : save.mutateAsync({ id, body: { ...body, version: existing.data!.version } }),
    prompt: () => ({ message: editing ? AUDIT_MESSAGES.confirmEdit : AUDIT_MESSAGES.confirmCreate }),
    onAccepted: (succeeded) => succeeded && void navigate('/auditorias'),
  });

  return (
    <FormCard
      label={editing ? 'Editar auditoría' : 'Crear auditoría'}
      onSubmit={handleSubmit((values) => flow.ask(auditForm.parse(values)))}
      maxWidth={860}
      title="Datos de la Auditoria"
      record={editing ? existing : null}
      skeletonHeight={260}
      onCancel={() => void navigate('/auditorias')}
      dialogs={flow.dialogs}
    >
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField control={control} name="auditor" label="Auditor" maxLength={AUDITOR_MAX} required />
        <TextField
          control={control}
          name="description"
          label="Descripción"
          maxLength={AUDIT_DESCRIPTION_MAX}
          multiline
          required
        />
        <AccountCompanySelects
          control={control}
          choices={choices}
          onAccountPicked={() => setValue('companyId', null)}
          required
        />
        <DateField control={control} name="initialDate" label="Fecha inicio" required />
        <DateField control={control} name="endDate" label="Fecha fin" required />
        <AuditSuspendField control={control} />
      </Box>
    </FormCard>
  );
}
