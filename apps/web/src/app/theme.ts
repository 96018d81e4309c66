import { createTheme } from '@mui/material/styles';
import { esES } from '@mui/material/locale';
import { MESSAGES } from '@planpiso/domain';

export const brand = { navy: '#0d3b66', amber: '#f4a259', ink: '#1f2933' } as const;

export const theme = createTheme(
  {
    palette: {
      primary: { main: brand.navy },
      secondary: { main: brand.amber, contrastText: brand.ink },
      background: { default: '#f4f6fa', paper: '#ffffff' },
      text: { primary: brand.ink },
    },
    shape: { borderRadius: 8 },
    typography: {
      // No web font download: the system stack renders well everywhere and costs nothing.
      fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", system-ui, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
      h1: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { defaultProps: { elevation: 0 } },
    },
  },
  // MUI's own Spanish texts (decision 059): the autocomplete's Cerrar/Limpiar/Sin opciones, the alert's Cerrar. The
  // lists' pager and the pickers carry theirs (pager.tsx, spanish-pickers.tsx).
  esES,
  // Merged last, over MUI's Spanish.
  {
    components: {
      // MUI's Spanish says 'Abierto' (opened) for the button that opens the list.
      MuiAutocomplete: { defaultProps: { openText: MESSAGES.openList } },
      // The data grid's loading bar and any other bar nobody named.
      MuiLinearProgress: { defaultProps: { 'aria-label': MESSAGES.loading } },
    },
  },
);
