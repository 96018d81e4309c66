import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import {
  ADDRESS_MAX,
  MESSAGES,
  ORGANISATION_MESSAGES,
  TEXT_MAX,
  branchFields,
  type CreateBranchRequest,
} from '@planpiso/domain';
import { AccountCompanySelects, useAccountAndCompanyChoices } from '../../components/form/account-company-selects';
import { TextField } from '../../components/form/text-field';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useEditedId } from '../../components/form/use-edited-id';
import { useBranch, useSaveBranch } from './api/branches';
import { FormCard } from '../../components/form/form-card';

type Values = { name: string; accountId: number | null; companyId: number | null; address: string };
const EMPTY: Values = { name: '', accountId: null, companyId: null, address: '' };

/** /crear-sucursal and /editar-sucursal/{id} (spec 2 §2): 'Datos de la sucursal' — name, account, company, address. */
export function BranchFormPage() {
  const id = useEditedId();
  const editing = id !== null;
  const navigate = useNavigate();
  const existing = useBranch(id);
  const save = useSaveBranch();
  const { control, handleSubmit, reset, setValue } = useForm<Values>({
    resolver: zodResolver(branchFields) as unknown as Resolver<Values>,
    defaultValues: EMPTY,
  });
  useEffect(() => {
    const branch = existing.data;
    if (branch) {
      reset({ name: branch.name, accountId: branch.accountId, companyId: branch.companyId, address: branch.address });
    }
  }, [existing.data, reset]);
  const choices = useAccountAndCompanyChoices(control);
  const { accounts } = choices;
  // spec 3 §5's habit, applied here too: a single choice is made for the user.
  useEffect(() => {
    if (!editing && accounts.data?.length === 1) setValue('accountId', accounts.data[0]!.id);
  }, [accounts.data, editing, setValue]);

  const flow = useConfirmedAction<CreateBranchRequest>({
    run: (body) => save.mutateAsync({ id, body }),
    prompt: () => ({ message: editing ? MESSAGES.confirmEdit : ORGANISATION_MESSAGES.confirmCreateBranch }),
    onAccepted: (succeeded) => succeeded && void navigate('/sucursales'),
  });

  return (
    <FormCard
      label={editing ? 'Editar sucursal' : 'Crear sucursal'}
      onSubmit={handleSubmit((values) => flow.ask(branchFields.parse(values)))}
      maxWidth={860}
      title="Datos de la sucursal"
      record={editing ? existing : null}
      skeletonHeight={180}
      onCancel={() => void navigate('/sucursales')}
      dialogs={flow.dialogs}
    >
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField control={control} name="name" label="Nombre" maxLength={TEXT_MAX} />
        <AccountCompanySelects
          control={control}
          choices={choices}
          onAccountPicked={() => setValue('companyId', null)}
        />
        <TextField control={control} name="address" label="Dirección" maxLength={ADDRESS_MAX} />
      </Box>
    </FormCard>
  );
}
