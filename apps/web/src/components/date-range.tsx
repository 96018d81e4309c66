import { lazy, Suspense } from 'react';
import type { FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import type { DateRangeProps } from './date-range-fields';

// The date pickers (≈100 KB of MUI X and date-fns) load when a range is first shown — a list's filter bar shows it
// only once 'Filtros' is opened — not with the list (issue 15).
const DateRangeFields = lazy(async () => ({ default: (await import('./date-range-fields')).DateRangeFields }));

/** A created-date range, Inicia and Finaliza (see `DateRangeFields`); two field-sized blanks while it loads. */
export function DateRange<T extends FieldValues>(props: DateRangeProps<T>) {
  return (
    <Suspense
      fallback={
        <>
          <Box sx={{ height: 40 }} />
          <Box sx={{ height: 40 }} />
        </>
      }
    >
      <DateRangeFields {...(props as DateRangeProps<FieldValues>)} />
    </Suspense>
  );
}
