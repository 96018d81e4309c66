import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  MESSAGES,
  confirmCodeErrorMessage,
  confirmForgotPasswordRequest,
  newPasswordFields,
  passwordsMatch,
} from '@planpiso/domain';
import { confirmRecovery } from '../api/confirm-forgot-password';
import { requestRecoveryCode } from '../api/forgot-password';
import { identityError } from '../api/identity-error';
import { AuthAlert } from './auth-alert';
import { AuthField } from './auth-field';
import { NewPasswordFields } from './auth-form-parts';

// The new password is confirmed as on the first sign-in (mode 2), with the same rule and message.
const recoveryConfirmForm = passwordsMatch(
  z.object({
    // An empty code reads 'Campo requerido.' before the contract's 6-digit format check.
    code: z.string().min(1, { message: MESSAGES.required }).pipe(confirmForgotPasswordRequest.shape.code),
    ...newPasswordFields,
  }),
);

type Props = { email: string; onDone: () => void; onBack: () => void };

/** Mode 4 (spec 1 §2.4): the e-mailed code plus a new password; 'Enviar otro código' mails a new one. */
export function RecoveryConfirmForm({ email, onDone, onBack }: Props) {
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(recoveryConfirmForm),
    defaultValues: { code: '', newPassword: '', confirmation: '' },
  });
  const [error, setError] = useState('');
  const [resending, setResending] = useState(false);

  const submit = handleSubmit(async ({ code, newPassword }) => {
    setError('');
    try {
      await confirmRecovery({ email, code, newPassword });
      onDone();
    } catch (e) {
      setError(confirmCodeErrorMessage(identityError(e)));
    }
  });

  const resend = async () => {
    setResending(true);
    setError('');
    await requestRecoveryCode(email);
    setResending(false);
  };

  return (
    <form className="pp-form" onSubmit={submit} noValidate>
      {error ? (
        <AuthAlert severity="error">{error}</AuthAlert>
      ) : (
        <AuthAlert severity="info">{MESSAGES.recoveryCodeSent}</AuthAlert>
      )}
      <AuthField
        control={control}
        name="code"
        label="Código de verificación"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        autoFocus
      />
      <NewPasswordFields control={control} />
      <button className="pp-button pp-button--primary" type="submit" disabled={formState.isSubmitting}>
        Actualizar
      </button>
      <div className="pp-links">
        <button className="pp-link" type="button" onClick={onBack}>
          Regresar
        </button>
        <button className="pp-link" type="button" onClick={() => void resend()} disabled={resending}>
          Enviar otro código
        </button>
      </div>
    </form>
  );
}
