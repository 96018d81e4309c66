import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { STORAGE_KEYS, visibleButtons, type AppRoute, type TitleBarButton } from '@planpiso/domain';
import { useUserType } from '../../lib/can';
import { TitleBarDialog } from './title-bar-dialog';

/** A local flag is set when present and not 'false' (the legacy app stored booleans as strings). */
function flagSet(flag: TitleBarButton['disabledByFlag']): boolean {
  if (!flag) return false;
  const value = localStorage.getItem(STORAGE_KEYS[flag]);
  return value !== null && value !== 'false';
}

/** The route's title-bar buttons this user type sees (spec 1 §2.1, §2.2, §6). */
export function TitleBarButtons({ route }: { route: AppRoute }) {
  const type = useUserType();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<TitleBarButton | null>(null);
  const buttons = type === null ? [] : visibleButtons(route, type);
  if (buttons.length === 0) return null;

  return (
    <Stack direction="row" spacing={1}>
      {buttons.map((button, index) => (
        <Button
          key={button.label}
          variant={index === buttons.length - 1 ? 'contained' : 'outlined'}
          disabled={flagSet(button.disabledByFlag)}
          onClick={() => (button.dialog ? setDialog(button) : button.to && void navigate(button.to))}
        >
          {button.label}
        </Button>
      ))}
      {dialog && <TitleBarDialog button={dialog} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
