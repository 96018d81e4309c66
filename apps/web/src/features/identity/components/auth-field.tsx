import { useId, useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: 'text' | 'email' | 'numeric';
  maxLength?: number;
};

// Material "Visibility" / "VisibilityOff" paths, inlined: the icons package is not in the entry chunk.
const EYE =
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
const EYE_OFF =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';

/**
 * A sign-in field bound to react-hook-form, showing the domain contract's message under it. Passwords get a
 * show/hide toggle.
 */
export function AuthField<T extends FieldValues>(props: Props<T>) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const [visible, setVisible] = useState(false);
  const id = useId();
  const error = fieldState.error?.message;
  const password = props.type === 'password';
  return (
    <div className={error ? 'pp-field pp-field--error' : 'pp-field'}>
      <label className="pp-field__label" htmlFor={id}>
        {props.label}
      </label>
      <div className="pp-field__control">
        <input
          id={id}
          className={password ? 'pp-field__input pp-field__input--reveal' : 'pp-field__input'}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          type={password && visible ? 'text' : (props.type ?? 'text')}
          autoComplete={props.autoComplete}
          autoFocus={props.autoFocus}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {password && (
          <button
            type="button"
            className="pp-field__reveal"
            aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
            onClick={() => setVisible((v) => !v)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d={visible ? EYE_OFF : EYE} />
            </svg>
          </button>
        )}
      </div>
      {error && (
        <p className="pp-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
