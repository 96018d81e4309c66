import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { AuthField } from './auth-field';

/** The 'Correo electrónico' field, the first one of its form. */
export function AuthEmailField<T extends FieldValues & { email: string }>({ control }: { control: Control<T> }) {
  return (
    <AuthField
      control={control}
      name={'email' as FieldPath<T>}
      label="Correo electrónico"
      type="email"
      autoComplete="username"
      autoFocus
    />
  );
}

type PasswordValues = { newPassword: string; confirmation: string };

const PASSWORDS = [
  ['newPassword', 'Nueva contraseña'],
  ['confirmation', 'Confirmar contraseña'],
] as const;

/** 'Nueva contraseña' and 'Confirmar contraseña', as mode 2 and mode 4 both ask them; `autoFocus` goes to the first. */
export function NewPasswordFields<T extends FieldValues & PasswordValues>({
  control,
  autoFocus,
}: {
  control: Control<T>;
  autoFocus?: boolean;
}) {
  return PASSWORDS.map(([name, label], index) => (
    <AuthField
      key={name}
      control={control}
      name={name as FieldPath<T>}
      label={label}
      type="password"
      autoComplete="new-password"
      autoFocus={index === 0 ? autoFocus : undefined}
    />
  ));
}

type ButtonsProps = { submit: string; submitting: boolean; other: string; onOther: () => void };

/** The submit button, waiting while the form submits, then a text button that leaves this mode. */
export function AuthButtons({ submit, submitting, other, onOther }: ButtonsProps) {
  return (
    <>
      <button className="pp-button pp-button--primary" type="submit" disabled={submitting}>
        {submit}
      </button>
      <button className="pp-button pp-button--text" type="button" onClick={onOther}>
        {other}
      </button>
    </>
  );
}
