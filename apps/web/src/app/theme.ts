import { createTheme } from '@mui/material/styles';
import type { Components, Theme } from '@mui/material/styles';
import { MESSAGES } from '@planpiso/domain';

/**
 * MUI's Spanish (`esES` of `@mui/material/locale`, decision 059) for the components the app uses: the autocomplete's
 * Cerrar/Limpiar/Sin opciones, the alert's Cerrar, the follow-up's pager. Written here rather than imported: the
 * package only exports its locales' index, whose every locale builds a number format as it loads — 10–20 ms of each
 * first load for texts of one language (issue 31). The lists' pager and the pickers carry theirs (pager.tsx,
 * spanish-pickers.tsx).
 */
const MUI_SPANISH: Components<Omit<Theme, 'components'>> = {
  MuiAutocomplete: {
    defaultProps: {
      clearText: 'Limpiar',
      closeText: 'Cerrar',
      loadingText: 'Cargando…',
      noOptionsText: 'Sin opciones',
      // MUI's Spanish says 'Abierto' (opened) for the button that opens the list.
      openText: MESSAGES.openList,
    },
  },
  MuiAlert: { defaultProps: { closeText: 'Cerrar' } },
  MuiPagination: {
    defaultProps: {
      'aria-label': 'Paginador',
      getItemAriaLabel: (type, page, selected) => {
        if (type === 'page') return `${selected ? '' : 'Ir a la '}página ${page}`;
        if (type === 'first') return 'Ir a la primera página';
        if (type === 'last') return 'Ir a la última página';
        if (type === 'next') return 'Ir a la página siguiente';
        return 'Ir a la página anterior';
      },
    },
  },
};

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
  {
    components: {
      ...MUI_SPANISH,
      // The data grid's loading bar and any other bar nobody named.
      MuiLinearProgress: { defaultProps: { 'aria-label': MESSAGES.loading } },
    },
  },
);
