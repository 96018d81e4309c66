type Props = { severity: 'error' | 'info' | 'success'; children: string };

/** Errors interrupt (role alert); notices are polite (role status). */
export function AuthAlert({ severity, children }: Props) {
  return (
    <p className={`pp-alert pp-alert--${severity}`} role={severity === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
