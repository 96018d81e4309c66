import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import MuiTextField from '@mui/material/TextField';
import { PROVISION_LIST_MESSAGES, USER_TYPE, isDealer, provisionStatusOptions, type UserType } from '@planpiso/domain';
import { DateRange } from '../../components/date-range';
import { SelectField } from '../../components/form/select-field';
import type { ProvisionFilter } from './api/provisions-list';
import { useDealerOptions } from './provisions-list-dealer-options';
import { useUserName, useUserSearch } from '../../lib/user-lookups';

type Values = Record<ProvisionFilter, string>;
/** The bar's form holds every filter but the credit line (provisions-list-filters.tsx). */
type BarValues = Record<Exclude<ProvisionFilter, 'creditLine'>, string>;
export type PickerOption = { value: string; label: string };

type PickerProps = {
  control: Control<Values>;
  name: ProvisionFilter;
  label: string;
  options: readonly PickerOption[];
  loading?: boolean;
  /** The chosen value's label when it is not among the options (a URL naming someone the search has not loaded). */
  chosenLabel?: string;
  /** A searched look-up: the typed text asks the server; without it the options are filtered as typed. */
  onSearch?: (text: string) => void;
  /** What the open list says when it has nothing to offer (default: the catalogue's noResults). */
  emptyText?: string;
};

/** A searched picker bound to a filter: it stores the id, shows the name, and types to narrow (decision 025). */
function PickerField({ control, name, label, options, loading, chosenLabel, onSearch, emptyText }: PickerProps) {
  const { field } = useController({ control, name });
  const chosen =
    field.value === ''
      ? null
      : (options.find((o) => o.value === field.value) ?? { value: field.value, label: chosenLabel ?? field.value });
  return (
    <Autocomplete<PickerOption>
      size="small"
      options={options as PickerOption[]}
      value={chosen}
      loading={loading}
      onChange={(_e, option) => field.onChange(option?.value ?? '')}
      onInputChange={onSearch ? (_e, text, reason) => reason === 'input' && onSearch(text) : undefined}
      filterOptions={onSearch ? (all) => all : undefined}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      noOptionsText={emptyText ?? PROVISION_LIST_MESSAGES.noResults}
      loadingText={PROVISION_LIST_MESSAGES.searching}
      renderInput={(params) => <MuiTextField {...params} label={label} name={name} />}
    />
  );
}

type Viewer = { id: number; type: UserType; companyId: number | null };

/** The lender's operator search: the users in its scope whose name holds the text, dealer operators only. */
function LenderOperatorPicker({ control }: { control: Control<Values> }) {
  const [text, setText] = useState('');
  // A searched look-up (decision 025): nothing is asked until a name is typed.
  const users = useUserSearch(text.trim());
  const chosen = useController({ control, name: 'registerBy' }).field.value;
  const name = useUserName(chosen ? Number(chosen) : null);
  const options = (users.data ?? [])
    .filter((u) => u.type === USER_TYPE.AGENCY_OPERATOR)
    .map((u) => ({ value: String(u.id), label: `${u.firstname} ${u.lastname}` }));
  return (
    <PickerField
      control={control}
      name="registerBy"
      label="Operador"
      options={options}
      loading={users.isFetching}
      chosenLabel={name.data}
      onSearch={setText}
      emptyText={text.trim() === '' ? PROVISION_LIST_MESSAGES.typeToSearch : undefined}
    />
  );
}

function DealerOperatorPicker({ control, viewer }: { control: Control<Values>; viewer: Viewer }) {
  const { operators, loading } = useDealerOptions(viewer.id, viewer.companyId);
  return <PickerField control={control} name="registerBy" label="Operador" options={operators} loading={loading} />;
}

/** Operator (registerBy, under more filters, spec 3 §2): the company's operators for a dealer, a search otherwise. */
function OperatorPicker({ control, viewer }: { control: Control<Values>; viewer: Viewer }) {
  return isDealer(viewer.type) ? (
    <DealerOperatorPicker control={control} viewer={viewer} />
  ) : (
    <LenderOperatorPicker control={control} />
  );
}

/**
 * Operator, status and the date range, behind 'Filtros' (spec 3 §2 "under more filters"). Its own chunk, loaded when
 * Filtros is first opened: the searched picker (MUI's Autocomplete and its popper) and the date pickers are not part
 * of the list's first load (issue 31).
 */
export function AdvancedFilters({ control, viewer }: { control: Control<BarValues>; viewer: Viewer }) {
  const statuses = provisionStatusOptions(viewer.type).map((o) => ({ value: o.value, label: o.label }));
  return (
    <>
      {/* The picker is typed over every list filter; the bar's form holds all but the credit line. */}
      <OperatorPicker control={control as unknown as Control<Values>} viewer={viewer} />
      <SelectField control={control} name="status" label="Estatus" size="small" emptyLabel="Todos" options={statuses} />
      <DateRange control={control} from="from" to="to" />
    </>
  );
}
