import { useState } from 'react';
import { useNavigate } from 'react-router';
import { APP_VERSION, MESSAGES } from '@planpiso/domain';
import { Logo } from '../../components/logo';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NewPasswordForm } from './components/new-password-form';
import { RecoveryConfirmForm } from './components/recovery-confirm-form';
import { RecoveryRequestForm } from './components/recovery-request-form';
import { SignInForm } from './components/sign-in-form';
import './sign-in.css';

/** The four modes of spec 1 §2.4 and their transitions (§4). */
type Mode =
  | { kind: 'sign-in'; email: string; notice?: string }
  | { kind: 'new-password'; session: string; email: string }
  | { kind: 'recovery-request'; email: string }
  | { kind: 'recovery-confirm'; email: string };

const HEADINGS: Record<Mode['kind'], string> = {
  'sign-in': 'Iniciar sesión',
  'new-password': 'Actualizar contraseña',
  'recovery-request': 'Recuperar contraseña',
  'recovery-confirm': 'Restablecer contraseña',
};

export function SignInPage() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>({ kind: 'sign-in', email: '' });
  useDocumentTitle(HEADINGS[mode.kind]);
  const goHome = () => void navigate('/', { replace: true });
  const backToSignIn = () => setMode({ kind: 'sign-in', email: mode.email });

  return (
    <div className="pp-auth">
      <aside className="pp-auth__brand">
        <Logo size={44} color="#fff" onDark />
        <div>
          <p className="pp-auth__tagline">{MESSAGES.signInTagline}</p>
          <p className="pp-auth__detail">{MESSAGES.signInTaglineDetail}</p>
        </div>
        <span className="pp-auth__version">Versión {APP_VERSION}</span>
      </aside>
      <div className="pp-auth__panel">
        <main className="pp-auth__card">
          <div className="pp-auth__card-logo">
            <Logo size={40} />
          </div>
          <h1 className="pp-auth__title">{HEADINGS[mode.kind]}</h1>
          {mode.kind === 'sign-in' && (
            <SignInForm
              key={mode.notice ?? 'sign-in'}
              defaultEmail={mode.email}
              notice={mode.notice}
              onSignedIn={goHome}
              onChallenge={(session, email) => setMode({ kind: 'new-password', session, email })}
              onRecover={(email) => setMode({ kind: 'recovery-request', email })}
            />
          )}
          {mode.kind === 'new-password' && (
            <NewPasswordForm session={mode.session} onDone={goHome} onBack={backToSignIn} />
          )}
          {mode.kind === 'recovery-request' && (
            <RecoveryRequestForm
              defaultEmail={mode.email}
              onSent={(email) => setMode({ kind: 'recovery-confirm', email })}
              onBack={backToSignIn}
            />
          )}
          {mode.kind === 'recovery-confirm' && (
            <RecoveryConfirmForm
              email={mode.email}
              onDone={() => setMode({ kind: 'sign-in', email: mode.email, notice: MESSAGES.passwordChanged })}
              onBack={backToSignIn}
            />
          )}
        </main>
      </div>
    </div>
  );
}
