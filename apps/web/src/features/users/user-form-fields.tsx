import type { Control, UseFormSetValue } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import { roleLabel, userFormFields, type UserType } from '@planpiso/domain';
import { SelectField, type SelectOption } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { useAccounts, useAgencies, useCompaniesOfAccount, useRolesOfTypes } from '../../lib/lookups';
import { useSession } from '../../lib/session';

export type UserFormValues = {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  additionalEmails: string;
  roleId: number | null;
  accountId: number | null;
  companyId: number | null;
  agencyId: number | null;
};

type Props = {
  control: Control<UserFormValues>;
  setValue: UseFormSetValue<UserFormValues>;
  creatorType: UserType;
  /** The role types the user may hold: those of the type it is created as, or its own type when edited. */
  roleTypes: readonly UserType[];
  /** The role the edited user holds, offered even if the creator could not hand it out today. */
  currentRole: SelectOption | null;
  disabled: boolean;
};

const toOptions = (rows: readonly { id: number; name: string }[] | undefined): SelectOption[] =>
  (rows ?? []).map((r) => ({ value: r.id, label: r.name }));

/**
 * The user form's fields by the creator's type (spec 1 §2.6): everyone sees the names, e-mail, phone, additional
 * e-mails and role (spec 1 §6: only roles the server accepts for the user's type); type 3 also an account and one of its companies; type 4 a branch of its own company.
 */
export function UserFormFields({ control, setValue, creatorType, roleTypes, currentRole, disabled }: Props) {
  const shows = userFormFields(creatorType);
  const accountId = useWatch({ control, name: 'accountId' });
  const roles = useRolesOfTypes(roleTypes, true);
  const accounts = useAccounts(shows.organisation);
  const companies = useCompaniesOfAccount(shows.organisation ? accountId : null);
  // Type 4 sees its whole account's branches (spec 2 §6), but its users go to its active company (decision 008).
  const activeCompany = useSession()?.user.company?.id ?? null;
  const agencies = useAgencies(shows.agency, { company: activeCompany });

  const roleOptions = toOptions(roles.data);
  if (currentRole && !roleOptions.some((o) => o.value === currentRole.value)) roleOptions.push(currentRole);

  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <TextField control={control} name="firstname" label="Nombre" maxLength={150} disabled={disabled} />
      <TextField control={control} name="lastname" label="Apellidos" maxLength={150} disabled={disabled} />
      <TextField control={control} name="email" label="Correo" type="email" inputMode="email" disabled={disabled} />
      <TextField control={control} name="phone" label="Teléfono" type="tel" inputMode="tel" disabled={disabled} />
      <TextField
        control={control}
        name="additionalEmails"
        label="Correos adicionales"
        helperText="Separe los correos con punto y coma (;)"
        disabled={disabled}
      />
      <SelectField
        control={control}
        name="roleId"
        label="Rol"
        options={roleOptions}
        disabled={disabled}
        // Decision 008: the created user's type is fixed for types 1, 2 and 4, so only roles of that type fit.
        helperText={roleTypes.length ? `Roles de tipo ${roleTypes.map(roleLabel).join(' o ')}` : undefined}
      />
      {shows.organisation && (
        <>
          <SelectField
            control={control}
            name="accountId"
            label="Cuenta"
            options={toOptions(accounts.data)}
            disabled={disabled}
            // A company of another account is no choice at all.
            onPicked={() => setValue('companyId', null)}
          />
          <SelectField
            control={control}
            name="companyId"
            label="Compañía"
            options={toOptions(companies.data)}
            disabled={disabled || !accountId}
          />
        </>
      )}
      {shows.agency && (
        <SelectField
          control={control}
          name="agencyId"
          label="Agencia"
          emptyLabel="Ninguna"
          options={toOptions(agencies.data)}
          disabled={disabled}
        />
      )}
    </Box>
  );
}
