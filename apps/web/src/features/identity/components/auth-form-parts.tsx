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

/** 'Nueva contraseña' and 'Confirmar contraseña', as mode 2 and mode 4 both ask them. */
export function NewPasswordFields<T extends FieldValues & PasswordValues>({
  control,
  autoFocus,
}: {
  control: Control<T>;
  autoFocus?: boolean;
}) {
  return (
    <>
      <AuthField
        control={control}
        name={'newPassword' as FieldPath<T>}
        label="Nueva contraseña"
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
      />
      <AuthField
        control={control}
        name={'confirmation' as FieldPath<T>}
        label="Confirmar contraseña"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
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
