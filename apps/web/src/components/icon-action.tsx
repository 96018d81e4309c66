import type { KeyboardEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import './round-button.css';
import './icon-action.css';

type Common = {
  /** What the tooltip shows ('Editar'). */
  title: string;
  /** What a screen reader hears and tests find ('Editar Autos del Norte'). */
  label: string;
  icon: ReactNode;
  /** A look of its own beside the row's (the top bar's logout, a screen's back button): icon-action.css's variants. */
  className?: string;
};

/** Escape hides the tooltip; leaving (pointer or focus) lets it show again next time. */
const dismissTip = (event: KeyboardEvent<HTMLElement>) => {
  if (event.key === 'Escape') event.currentTarget.setAttribute('data-tip-dismissed', '');
};
const restoreTip = (event: { currentTarget: HTMLElement }) => event.currentTarget.removeAttribute('data-tip-dismissed');

const tipProps = (title: string, label: string, className?: string) => ({
  className: className ? `pp-round-button pp-icon-action ${className}` : 'pp-round-button pp-icon-action',
  'aria-label': label,
  'data-tip': title,
  onKeyDown: dismissTip,
  onBlur: restoreTip,
  onMouseLeave: restoreTip,
});

/** A row's icon button with its tooltip (icon-action.css): plain markup, no MUI component. */
export function IconAction({ title, label, icon, onClick, className }: Common & { onClick: () => void }) {
  return (
    <button type="button" {...tipProps(title, label, className)} onClick={onClick}>
      {icon}
    </button>
  );
}

/** The same look for a row's link to another screen ('Ver', 'Editar'): a real link (new tab, copy address). */
export function IconLink({ title, label, icon, to, className }: Common & { to: string }) {
  return (
    <RouterLink to={to} {...tipProps(title, label, className)}>
      {icon}
    </RouterLink>
  );
}
