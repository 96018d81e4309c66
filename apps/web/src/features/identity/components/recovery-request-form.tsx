import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, forgotPasswordRequest } from '@planpiso/domain';
import { requestRecoveryCode } from '../api/forgot-password';
import { AuthButtons, AuthEmailField } from './auth-form-parts';

type Props = { defaultEmail: string; onSent: (email: string) => void; onBack: () => void };

/** Mode 3 (spec 1 §2.4): ask for a recovery code by e-mail. */
export function RecoveryRequestForm({ defaultEmail, onSent, onBack }: Props) {
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(forgotPasswordRequest),
    defaultValues: { email: defaultEmail },
  });

  const submit = handleSubmit(async ({ email }) => {
    await requestRecoveryCode(email);
    onSent(email);
  });

  return (
    <form className="pp-form" onSubmit={submit} noValidate>
      <p className="pp-hint">{MESSAGES.recoveryRequestHint}</p>
      <AuthEmailField control={control} />
      <AuthButtons submit="Enviar" submitting={formState.isSubmitting} other="Regresar" onOther={onBack} />
    </form>
  );
}
