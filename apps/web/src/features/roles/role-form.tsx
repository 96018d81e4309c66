import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import {
  MESSAGES,
  roleFields,
  roleLabel,
  roleTypesOfferedInUserForm,
  type CreateRoleRequest,
  type UserType,
} from '@planpiso/domain';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useEditedId } from '../../components/form/use-edited-id';
import { useUserType } from '../../lib/can';
import { useRole } from './api/get-role';
import { useSaveRole } from './api/save-role';
import { FormCard } from '../../components/form/form-card';

type RoleFormValues = { name: string; description: string; type: number | null };
const EMPTY: RoleFormValues = { name: '', description: '', type: null };

/** /crear-rol and /editar-rol/{id} (spec 1 §2.8): edit mode when the route carries an id. */
export function RoleFormPage() {
  const type = useUserType();
  return type === null ? null : <RoleForm creatorType={type} />;
}

function RoleForm({ creatorType }: { creatorType: UserType }) {
  const id = useEditedId();
  const editing = id !== null;
  const navigate = useNavigate();
  const existing = useRole(id);
  const save = useSaveRole();
  const { control, handleSubmit, reset } = useForm<RoleFormValues>({
    resolver: zodResolver(roleFields) as unknown as Resolver<RoleFormValues>,
    defaultValues: EMPTY,
  });
  useEffect(() => {
    const role = existing.data;
    if (role) reset({ name: role.name, description: role.description, type: role.type });
  }, [existing.data, reset]);

  // The types this creator may create (spec 1 §6); in edit mode the role's own type, which cannot change (§2.8).
  const offered: number[] = roleTypesOfferedInUserForm(creatorType);
  const types = existing.data && !offered.includes(existing.data.type) ? [...offered, existing.data.type] : offered;

  const flow = useConfirmedAction<CreateRoleRequest>({
    run: (body) => save.mutateAsync({ id, body }),
    prompt: () => ({ message: editing ? MESSAGES.confirmEdit : MESSAGES.confirmCreateRole }),
    onAccepted: (succeeded) => succeeded && void navigate('/roles'),
    busy: save.isPending,
  });

  return (
    <FormCard
      label={editing ? 'Editar rol' : 'Crear rol'}
      onSubmit={handleSubmit((values) => flow.ask(roleFields.parse(values)))}
      maxWidth={720}
      record={editing ? existing : null}
      skeletonHeight={200}
      onCancel={() => void navigate('/roles')}
      dialogs={flow.dialogs}
    >
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <TextField control={control} name="name" label="Nombre" maxLength={150} disabled={save.isPending} />
        <TextField
          control={control}
          name="description"
          label="Descripción"
          multiline
          minRows={3}
          disabled={save.isPending}
        />
        <SelectField
          control={control}
          name="type"
          label="Tipo"
          options={types.map((t) => ({ value: t, label: roleLabel(t) }))}
          disabled={editing || save.isPending}
        />
      </Box>
    </FormCard>
  );
}
