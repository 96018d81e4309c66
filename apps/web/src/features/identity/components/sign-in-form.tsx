import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signInErrorMessage, signInForm } from '@planpiso/domain';
import { identityError } from '../api/identity-error';
import { signIn } from '../api/sign-in';
import { AuthAlert } from './auth-alert';
import { AuthField } from './auth-field';
import { AuthButtons, AuthEmailField } from './auth-form-parts';

type Props = {
  defaultEmail: string;
  /** A success notice carried from another mode (password changed). */
  notice?: string;
  onSignedIn: () => void;
  onChallenge: (session: string, email: string) => void;
  onRecover: (email: string) => void;
};

/** Mode 1 (spec 1 §2.4): e-mail and password, Iniciar Sesión and Recuperar contraseña. */
export function SignInForm({ defaultEmail, notice, onSignedIn, onChallenge, onRecover }: Props) {
  const { control, handleSubmit, getValues, formState } = useForm({
    resolver: zodResolver(signInForm),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const [error, setError] = useState('');

  const submit = handleSubmit(async ({ email, password }) => {
    setError('');
    try {
      const outcome = await signIn(email, password);
      if (outcome.kind === 'new-password') onChallenge(outcome.session, email);
      else onSignedIn();
    } catch (e) {
      setError(signInErrorMessage(identityError(e)));
    }
  });

  return (
    <form className="pp-form" onSubmit={submit} noValidate>
      {notice && !error && <AuthAlert severity="success">{notice}</AuthAlert>}
      {error && <AuthAlert severity="error">{error}</AuthAlert>}
      <AuthEmailField control={control} />
      <AuthField control={control} name="password" label="Contraseña" type="password" autoComplete="current-password" />
      <AuthButtons
        submit="Iniciar Sesión"
        submitting={formState.isSubmitting}
        other="Recuperar contraseña"
        onOther={() => onRecover(getValues('email'))}
      />
    </form>
  );
}
