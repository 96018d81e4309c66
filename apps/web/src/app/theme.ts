import { createTheme } from '@mui/material/styles';

export const brand = { navy: '#0d3b66', amber: '#f4a259', ink: '#1f2933' } as const;

export const theme = createTheme({
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
});
