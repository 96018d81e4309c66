import type { ReactNode } from 'react';
import { es } from 'date-fns/locale/es';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';

const pickerText = esES.components.MuiLocalizationProvider.defaultProps.localeText;

/** The date and time pickers in Spanish: date-fns's es locale and MUI's Spanish texts. */
export function SpanishPickers({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={es} localeText={pickerText}>
      {children}
    </LocalizationProvider>
  );
}
