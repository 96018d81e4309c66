import { useState, type ReactNode } from 'react';
import { useForm, type Control, type DefaultValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import FilterList from '@mui/icons-material/FilterList';
import Search from '@mui/icons-material/Search';

type Values = Record<string, string>;

type Props<T extends Values> = {
  /** The search in force (from the URL); the form follows it when the user goes back or forward. */
  values: T;
  onSearch: (values: T) => void;
  /** The always-visible fields (e.g. name and e-mail). */
  children: (control: Control<T>) => ReactNode;
  /** Fields behind the 'Filtros' toggle (e.g. account, role, date range). */
  advanced?: (control: Control<T>) => ReactNode;
};

/** A list's search bar (spec 1 §2.5): fields, Buscar, and a Filtros toggle for the rest. */
export function FilterBar<T extends Values>({ values, onSearch, children, advanced }: Props<T>) {
  const { control, handleSubmit, reset } = useForm<T>({ values, defaultValues: values as DefaultValues<T> });
  const hasAdvancedValue = Object.keys(values).some((k) => values[k] !== '');
  const [open, setOpen] = useState(hasAdvancedValue);
  // The closed part (its selects' look-ups, the date pickers' code) loads when first opened, then stays mounted
  // so closing and reopening keeps what was typed.
  const [opened, setOpened] = useState(hasAdvancedValue);
  const toggle = () => {
    setOpened(true);
    setOpen((o) => !o);
  };

  const clear = () => {
    const empty = Object.fromEntries(Object.keys(values).map((k) => [k, ''])) as T;
    reset(empty);
    onSearch(empty);
  };

  return (
    <Paper
      component="form"
      role="search"
      onSubmit={handleSubmit(onSearch)}
      noValidate
      sx={{ p: 2, mb: 2, border: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        {/* On a phone the fields take the whole line and the buttons wrap under them, rather than squeezing them. */}
        <Box sx={{ display: 'flex', flex: '1 1 320px', flexWrap: 'wrap', gap: 2, '& > *': { flex: '1 1 200px' } }}>
          {children(control)}
        </Box>
        <Button type="submit" variant="contained" startIcon={<Search />} sx={{ height: 40 }}>
          Buscar
        </Button>
        {advanced && (
          <Button
            variant={open ? 'contained' : 'outlined'}
            color={open ? 'secondary' : 'primary'}
            startIcon={<FilterList />}
            onClick={toggle}
            aria-expanded={open}
            sx={{ height: 40 }}
          >
            Filtros
          </Button>
        )}
      </Box>
      {advanced && opened && (
        <Collapse in={open} appear={!hasAdvancedValue}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, pt: 2, '& > *': { flex: '1 1 200px' } }}>
            {advanced(control)}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', pt: 2 }}>
            <Button onClick={clear}>Limpiar</Button>
          </Box>
        </Collapse>
      )}
    </Paper>
  );
}
