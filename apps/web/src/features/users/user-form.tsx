import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MESSAGES,
  isUserType,
  roleTypesForCreatedUser,
  userFormFields,
  userFormFor,
  type CreateUserRequest,
  type UserResponse,
  type UserType,
} from '@planpiso/domain';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useEditedId } from '../../components/form/use-edited-id';
import { ApiError } from '../../lib/api-client';
import { useUserType } from '../../lib/can';
import { useUser } from './api/get-user';
import { useSaveUser } from './api/save-user';
import { UserFormFields, type UserFormValues } from './user-form-fields';
import { FormCard } from '../../components/form/form-card';

const EMPTY: UserFormValues = {
  firstname: '',
  lastname: '',
  email: '',
  phone: '',
  additionalEmails: '',
  roleId: null,
  accountId: null,
  companyId: null,
  agencyId: null,
};

const valuesOf = (user: UserResponse): UserFormValues => ({
  firstname: user.firstname,
  lastname: user.lastname,
  email: user.email,
  phone: user.phone,
  additionalEmails: user.additionalEmails,
  roleId: user.roleId,
  accountId: user.accountId,
  companyId: user.companyId,
  agencyId: user.agencyId,
});

/** Only the fields this creator's form shows travel (spec 1 §2.6); the server places the rest itself. */
function payloadOf(values: CreateUserRequest, creatorType: UserType): CreateUserRequest {
  const shows = userFormFields(creatorType);
  const { accountId, companyId, agencyId, ...base } = values;
  return {
    ...base,
    ...(shows.organisation ? { accountId, companyId } : {}),
    ...(shows.agency ? { agencyId: agencyId ?? null } : {}),
  };
}

/** /crear-usuario and /editar-usuario/{id} (spec 1 §2.6, §4 save flow, §5 rules). */
export function UserFormPage() {
  const type = useUserType();
  return type === null ? null : <UserForm creatorType={type} />;
}

function UserForm({ creatorType }: { creatorType: UserType }) {
  const id = useEditedId();
  const navigate = useNavigate();
  const existing = useUser(id);
  const save = useSaveUser();

  const schema = userFormFor(creatorType);
  // The shared fields bind to the form's own values; the contract checks them (and its messages show) on submit.
  const { control, handleSubmit, reset, setValue, setError } = useForm<UserFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<UserFormValues>,
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (existing.data) reset(valuesOf(existing.data));
  }, [existing.data, reset]);

  const flow = useConfirmedAction<CreateUserRequest>({
    run: async (body) => {
      try {
        return await save.mutateAsync({ id, body: payloadOf(body, creatorType) });
      } catch (error) {
        // The server names the fields a rule refused (e.g. the e-mail already taken): show them in place too.
        if (error instanceof ApiError && error.fields) {
          for (const [field, message] of Object.entries(error.fields)) {
            if (field in EMPTY) setError(field as keyof UserFormValues, { message });
          }
        }
        throw error;
      }
    },
    prompt: () => ({ message: id === null ? MESSAGES.confirmCreateUser : MESSAGES.confirmEdit }),
    onAccepted: (succeeded) => succeeded && void navigate('/usuarios'),
    busy: save.isPending,
  });

  const role = existing.data?.role && existing.data.roleId !== null ? existing.data : null;
  // A user's type never changes: an edited user keeps roles of its own type; a new one gets its creation type's.
  const editedType = existing.data?.type;
  const roleTypes = id === null ? roleTypesForCreatedUser(creatorType) : isUserType(editedType) ? [editedType] : [];

  return (
    <FormCard
      label={id === null ? 'Crear usuario' : 'Editar usuario'}
      onSubmit={handleSubmit((values) => flow.ask(schema.parse(values)))}
      maxWidth={960}
      record={id !== null ? existing : null}
      skeletonHeight={220}
      onCancel={() => void navigate('/usuarios')}
      dialogs={flow.dialogs}
    >
      <UserFormFields
        control={control}
        setValue={setValue}
        creatorType={creatorType}
        roleTypes={roleTypes}
        currentRole={role ? { value: role.roleId!, label: role.role!.name } : null}
        disabled={save.isPending}
      />
    </FormCard>
  );
}
