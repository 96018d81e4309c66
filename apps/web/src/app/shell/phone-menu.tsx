import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { SIDE_MENU_WIDTH, type SessionUser } from '@planpiso/domain';
import { AccountPanel } from './account-panel';

type Props = { user: SessionUser; open: boolean; onClose: () => void; children: ReactNode };

/**
 * The phone's menu (below `md`): a temporary drawer over the screen, with the account's controls above the entries —
 * the top bar has no room for them. Its own chunk, loaded at the first press of 'Abrir menú' (issue 31): MUI's modal,
 * its focus trap and slide are not part of a screen's first load.
 */
export function PhoneMenu({ user, open, onClose, children }: Props) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: false }}
      sx={{ '& .MuiDrawer-paper': { width: SIDE_MENU_WIDTH, boxSizing: 'border-box' } }}
    >
      <Toolbar />
      <AccountPanel user={user} onClose={onClose} />
      {children}
    </Drawer>
  );
}
