import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import MuiTextField from '@mui/material/TextField';
import { PROVISION_LIST_MESSAGES, USER_TYPE } from '@planpiso/domain';
import { FilterBar } from '../../components/filter-bar';
import { TextField } from '../../components/form/text-field';
import type { ReviewFilter } from './api/provision-review';
import { useUserName, useUserSearch } from '../../lib/user-lookups';
import { AccountCompanyFilters } from '../../components/form/account-company-filters';

type Values = Record<ReviewFilter, string>;
type Option = { value: string; label: string };

const ALL = 'Todas';

/** 'Operador FinBe': a searched picker over the lender's operators (type 3) the administrator reaches. */
function OperatorPicker({ control }: { control: Control<Values> }) {
  const [text, setText] = useState('');
  const { field } = useController({ control, name: 'operator' });
  const users = useUserSearch(text.trim());
  const name = useUserName(field.value ? Number(field.value) : null);
  const options: Option[] = (users.data ?? [])
    .filter((u) => u.type === USER_TYPE.PROVIDER_OPERATOR)
    .map((u) => ({ value: String(u.id), label: `${u.firstname} ${u.lastname}` }));
  const chosen =
    field.value === ''
      ? null
      : (options.find((o) => o.value === field.value) ?? { value: field.value, label: name.data ?? field.value });
  return (
    <Autocomplete<Option>
      size="small"
      options={options}
      value={chosen}
      loading={users.isFetching}
      onChange={(_e, option) => field.onChange(option?.value ?? '')}
      onInputChange={(_e, typed, reason) => reason === 'input' && setText(typed)}
      filterOptions={(all) => all}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      noOptionsText={text.trim() === '' ? PROVISION_LIST_MESSAGES.typeToSearch : PROVISION_LIST_MESSAGES.noResults}
      loadingText={PROVISION_LIST_MESSAGES.searching}
      renderInput={(params) => <MuiTextField {...params} label="Operador FinBe" name="operator" />}
    />
  );
}

type Props = { values: Values; onSearch: (values: Values) => void };

/** The review list's search (spec 3 §2): disposition number and FinBe operator; account and company behind Filtros. */
export function ProvisionReviewFilters({ values, onSearch }: Props) {
  return (
    <FilterBar
      values={values}
      onSearch={onSearch} // Account and company, behind 'Filtros' (spec 3 §2 "under more filters").
      advanced={(control) => <AccountCompanyFilters control={control} all={ALL} />}
    >
      {(control) => (
        <>
          <TextField control={control} name="folio" label="N° de disposición" size="small" inputMode="numeric" />
          <OperatorPicker control={control} />
        </>
      )}
    </FilterBar>
  );
}
