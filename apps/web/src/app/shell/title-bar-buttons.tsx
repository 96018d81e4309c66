import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { visibleButtons, type AppRoute, type TitleBarButton } from '@planpiso/domain';
import { useUserType } from '../../lib/can';
import { useLocalFlag } from '../../lib/local-flags';

// The title bar's dialogs (an exception request, Crear Nuevo's first step…) load at the button's press, not with every
// screen's frame (issue 31).
const TitleBarDialog = lazy(async () => ({ default: (await import('./title-bar-dialog')).TitleBarDialog }));

/** One button; its local flag (stored, or derived by the screen: lib/local-flags) disables it. */
function TitleBarAction({
  button,
  primary,
  onClick,
}: {
  button: TitleBarButton;
  primary: boolean;
  onClick: () => void;
}) {
  const disabled = useLocalFlag(button.disabledByFlag);
  return (
    <Button variant={primary ? 'contained' : 'outlined'} disabled={disabled} onClick={onClick}>
      {button.label}
    </Button>
  );
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
        <TitleBarAction
          key={button.label}
          button={button}
          primary={index === buttons.length - 1}
          onClick={() => (button.dialog ? setDialog(button) : button.to && void navigate(button.to))}
        />
      ))}
      {dialog && (
        <Suspense fallback={null}>
          <TitleBarDialog button={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
