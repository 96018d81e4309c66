import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { notificationTypeLabel, type NotificationResponse } from '@planpiso/domain';
import { formatDateTime } from '../../lib/format';
import { CloseButton } from '../../components/dialog-buttons';

type Props = { notification: NotificationResponse | null; onClose: () => void };

/** The view action (spec 1 §2.9): the type, the description and a close button. */
export function NotificationViewDialog({ notification, onClose }: Props) {
  return (
    <Dialog open={notification !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="notification-title">
      <DialogTitle id="notification-title">{notification ? notificationTypeLabel(notification.type) : ''}</DialogTitle>
      <DialogContent>
        <Typography sx={{ whiteSpace: 'pre-line' }}>{notification?.message}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
          {notification ? formatDateTime(notification.createdAt) : ''}
        </Typography>
      </DialogContent>
      <CloseButton onClose={onClose} />
    </Dialog>
  );
}
