import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useAccounts, useCompaniesOfAccount } from '../../lib/lookups';
import { SelectField } from './select-field';

type AccountAndCompany = { accountId: number | null; companyId: number | null };

/** The chosen account (watched) and the lists its 'Cuenta' and 'Compañía' selects offer. */
export function useAccountAndCompanyChoices<T extends FieldValues & AccountAndCompany>(control: Control<T>) {
  const accountId = useWatch({ control, name: 'accountId' as FieldPath<T> }) as number | null;
  const accounts = useAccounts(true);
  const companies = useCompaniesOfAccount(accountId ?? null);
  return { accountId, accounts, companies };
}

type Props<T extends FieldValues & AccountAndCompany> = {
  control: Control<T>;
  choices: ReturnType<typeof useAccountAndCompanyChoices<T>>;
  /** Clears the company: it belongs to the account just picked no more. */
  onAccountPicked: () => void;
  required?: boolean;
};

/** A form's 'Cuenta' and 'Compañía' selects: the companies are the chosen account's, none until one is chosen. */
export function AccountCompanySelects<T extends FieldValues & AccountAndCompany>({
  control,
  choices: { accountId, accounts, companies },
  onAccountPicked,
  required,
}: Props<T>) {
  return (
    <>
      <SelectField
        control={control}
        name={'accountId' as FieldPath<T>}
        label="Cuenta"
        options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
        onPicked={onAccountPicked}
        required={required}
      />
      <SelectField
        control={control}
        name={'companyId' as FieldPath<T>}
        label="Compañía"
        options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        disabled={!accountId}
        required={required}
      />
    </>
  );
}
