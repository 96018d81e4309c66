import { Outlet, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentRoute } from '../use-current-route';
import { TitleBarButtons } from './title-bar-buttons';

/** Every screen's frame (spec 1 §2.1): title, back button to the parent route, title-bar buttons. */
export function PageFrame() {
  const route = useCurrentRoute();
  const navigate = useNavigate();
  useDocumentTitle(route?.title);
  return (
    <>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3, minHeight: 48 }}>
        {route?.parent && (
          <Tooltip title="Regresar">
            <IconButton aria-label="Regresar" onClick={() => void navigate(route.parent!)}>
              <ArrowBack />
            </IconButton>
          </Tooltip>
        )}
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {route?.title}
        </Typography>
        {route && <TitleBarButtons route={route} />}
      </Box>
      <Outlet />
    </>
  );
}
