import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { MESSAGES, newPasswordErrorMessage, newPasswordFields, passwordsMatch } from '@planpiso/domain';
import { completeNewPassword } from '../api/complete-new-password';
import { identityError } from '../api/identity-error';
import { AuthAlert } from './auth-alert';
import { AuthButtons, NewPasswordFields } from './auth-form-parts';

const newPasswordForm = passwordsMatch(z.object(newPasswordFields));

type Props = { session: string; onDone: () => void; onBack: () => void };

/** Mode 2 (spec 1 §2.4, §4): the temporary password must be replaced before the first session. */
export function NewPasswordForm({ session, onDone, onBack }: Props) {
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { newPassword: '', confirmation: '' },
  });
  const [error, setError] = useState('');

  const submit = handleSubmit(async ({ newPassword }) => {
    setError('');
    try {
      await completeNewPassword(session, newPassword);
      onDone();
    } catch (e) {
      // spec 1 §8: InvalidPasswordException has its text; other failures show an empty message.
      setError(newPasswordErrorMessage(identityError(e)));
    }
  });

  return (
    <form className="pp-form" onSubmit={submit} noValidate>
      <AuthAlert severity="info">{MESSAGES.newPasswordRequired}</AuthAlert>
      {error && <AuthAlert severity="error">{error}</AuthAlert>}
      <NewPasswordFields control={control} autoFocus />
      <AuthButtons submit="Actualizar" submitting={formState.isSubmitting} other="Regresar" onOther={onBack} />
    </form>
  );
}
