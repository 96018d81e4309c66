import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ConfirmDialog } from '../confirm-dialog';
import type { FinancingCall, FinancingRunner, RunOptions } from './use-financing-runner';

type Answer = { message?: string };

/** What a button of the bar does when pressed. */
export type FinancingButtonAction<A extends Answer> =
  /** Runs at once (a download). */
  | { kind: 'run'; call: FinancingCall<A>; options?: RunOptions }
  /** Asks first with the spec's question, then runs. */
  | { kind: 'ask'; message: string; call: FinancingCall<A>; options?: RunOptions }
  /** Goes to another page (Firmar documentos). */
  | { kind: 'link'; to: string }
  /** Opens a dialog of the page's own; `close` closes it. */
  | { kind: 'dialog'; render: (close: () => void) => ReactNode };

export type FinancingButton<A extends Answer> = {
  key: string;
  label: string;
  variant: 'outlined' | 'contained';
  icon?: ReactNode;
  disabled?: boolean;
  action: FinancingButtonAction<A>;
};

/**
 * The action bar of a provision's follow-up and of a refinancing's detail (spec 3 §4, §6): the buttons the page
 * chose (each because the server's `actions` or the permission table offer it), in its order, with the one
 * confirmation dialog and the one dialog a button opens. Nothing when there is no button.
 */
export function FinancingActionBar<A extends Answer>({
  buttons,
  runner,
}: {
  buttons: FinancingButton<A>[];
  runner: FinancingRunner<A>;
}) {
  const [asked, setAsked] = useState<Extract<FinancingButtonAction<A>, { kind: 'ask' }> | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  if (buttons.length === 0) return null;

  const press = (button: FinancingButton<A>) => {
    const { action } = button;
    if (action.kind === 'run') void runner.run(action.call, action.options);
    else if (action.kind === 'ask') setAsked(action);
    else if (action.kind === 'dialog') setOpened(button.key);
  };
  const dialogOf = buttons.find((button) => button.key === opened)?.action;

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1.5 }}>
      {buttons.map((button) =>
        button.action.kind === 'link' ? (
          <Button
            key={button.key}
            variant={button.variant}
            startIcon={button.icon}
            component={RouterLink}
            to={button.action.to}
          >
            {button.label}
          </Button>
        ) : (
          <Button
            key={button.key}
            variant={button.variant}
            startIcon={button.icon}
            disabled={button.disabled || (button.action.kind === 'run' && runner.busy)}
            onClick={() => press(button)}
          >
            {button.label}
          </Button>
        ),
      )}
      <ConfirmDialog
        open={asked !== null}
        message={asked?.message ?? ''}
        busy={runner.busy}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          const chosen = asked;
          setAsked(null);
          if (chosen) void runner.run(chosen.call, chosen.options);
        }}
      />
      {dialogOf?.kind === 'dialog' && dialogOf.render(() => setOpened(null))}
    </Box>
  );
}
