import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { APP_VERSION, MESSAGES, roleLabel } from '@planpiso/domain';
import { Logo } from '../../components/logo';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Route / (spec 1 §1): logo, Bienvenido, full name, role label and the application version. */
export function WelcomePage() {
  const user = useSession()?.user;
  useDocumentTitle('Home');
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 'calc(100vh - 160px)' }}>
      <Paper
        sx={{
          p: { xs: 4, sm: 6 },
          textAlign: 'center',
          // A phone's window is narrower than 420 px: the card takes its width instead of running past it.
          minWidth: { xs: 0, sm: 420 },
          width: { xs: '100%', sm: 'auto' },
          border: 1,
          borderColor: 'divider',
          borderRadius: 3,
        }}
      >
        <Logo size={72} showName={false} />
        <Typography variant="h4" component="h1" sx={{ mt: 3 }}>
          {MESSAGES.welcome}
        </Typography>
        <Typography variant="h6" component="p" sx={{ mt: 1 }}>
          {user ? `${user.firstname} ${user.lastname}` : ''}
        </Typography>
        <Chip label={roleLabel(user?.type)} color="primary" variant="outlined" sx={{ mt: 2 }} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 4 }}>
          {`Versión ${APP_VERSION}`}
        </Typography>
      </Paper>
    </Box>
  );
}
