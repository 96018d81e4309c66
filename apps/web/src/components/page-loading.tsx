import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while a route's code or its guard is still loading. */
export function PageLoading() {
  return (
    <Box role="progressbar" aria-label="Cargando" sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <CircularProgress />
    </Box>
  );
}
