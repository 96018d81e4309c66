import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { roleLabel, type SessionUser } from '@planpiso/domain';
import { Can } from '../../components/can';
import { signOut } from '../../lib/session';
import { CompanySelect } from './company-select';

/**
 * What the top bar holds on a desktop, at the top of a phone's menu drawer (issue 26 §4): the user's name and role,
 * the company switch (types 4 and 5) and Cerrar sesión, all inside the drawer's width.
 */
export function AccountPanel({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  return (
    <>
      <Box sx={{ px: 2, pt: 2, pb: 1.5, display: 'grid', gap: 1.5 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {`${user.firstname} ${user.lastname}`}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {roleLabel(user.type)}
          </Typography>
        </Box>
        <Can operation="POST /api/auth/set-information">
          <CompanySelect user={user} placement="menu" onChosen={onClose} />
        </Can>
        <Button variant="outlined" startIcon={<LogoutIcon />} onClick={signOut} sx={{ justifySelf: 'start' }}>
          Cerrar sesión
        </Button>
      </Box>
      <Divider />
    </>
  );
}
