import { useCallback, useState } from 'react';
import { MESSAGES, type UserResponse } from '@planpiso/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { useResendTemporaryPassword } from './api/resend-temporary-password';
import { useSetUserActive } from './api/set-user-active';

type Action = 'status' | 'resend';

/**
 * The users list's row actions (spec 1 §4, §8): the status toggle and the temporary-password resend, each asking
 * first and then showing the server's answer. The status change sends the inverse of the row's current value and the
 * version the row was read at; a 409 (someone changed it first) shows the server's message and the list reloads.
 */
export function useUserRowActions() {
  const [pending, setPending] = useState<{ action: Action; user: UserResponse } | null>(null);
  // The prompt keeps its text while the dialog fades out.
  const [lastAction, setLastAction] = useState<Action>('status');
  const [result, setResult] = useState<ActionResult | null>(null);
  const setActive = useSetUserActive();
  const resend = useResendTemporaryPassword();

  // Stable, so the grid's columns are not rebuilt on every render.
  const ask = useCallback((action: Action, user: UserResponse) => {
    setLastAction(action);
    setPending({ action, user });
  }, []);
  const askStatus = useCallback((user: UserResponse) => ask('status', user), [ask]);
  const askResend = useCallback((user: UserResponse) => ask('resend', user), [ask]);

  const confirm = async () => {
    if (!pending) return;
    const { action, user } = pending;
    try {
      if (action === 'status') {
        const answer = await setActive.mutateAsync({ id: user.id, active: !user.isActive, version: user.version });
        setResult({ ok: true, message: answer.message ?? MESSAGES.userStatusChanged });
      } else {
        const answer = await resend.mutateAsync(user.id);
        setResult({ ok: true, message: answer.message });
      }
    } catch (error) {
      // spec 1 §8: a failed resend always shows the same text; other failures show the server's message.
      setResult(action === 'resend' ? { ok: false, message: MESSAGES.resendPasswordFailed } : errorResult(error));
    } finally {
      setPending(null);
    }
  };

  const dialogs = (
    <>
      <ConfirmDialog
        open={pending !== null}
        message={lastAction === 'status' ? MESSAGES.confirmUserStatus : MESSAGES.confirmResendPassword}
        busy={setActive.isPending || resend.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
      <ResultDialog result={result} onAccept={() => setResult(null)} />
    </>
  );

  return { askStatus, askResend, dialogs };
}
