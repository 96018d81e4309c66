import { useId, useLayoutEffect, useRef, type FocusEvent } from 'react';
import { PAGE_SIZES, gridRowsOf, pagerButtonLabel } from '@planpiso/domain';
import './round-button.css';
import './pager.css';

type Props = {
  /** The words before the page-size chooser, which name it ('Filas por página:'). */
  label: string;
  /** How many rows there are in all; -1 when unknown (as MUI's TablePagination counts). */
  count: number;
  /** The page shown, 0-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** The '1–10 de 42' text (default gridRowsOf). */
  displayedRows?: (from: number, to: number, count: number) => string;
  /** A rule above the pager, between it and the rows (a grid's footer). */
  ruled?: boolean;
};

/**
 * Every table's pager (pager.css): a native select and two plain buttons rather than MUI's TablePagination, whose
 * toolbar, select, menu and buttons computed their styles again on every render of every list. It counts, labels and
 * disables as TablePagination did, so a list pages exactly as before.
 */
export function Pager(props: Props) {
  const { count, page, pageSize, onPageChange, displayedRows = gridRowsOf } = props;
  const selectId = useId();
  const actions = useRef<HTMLDivElement>(null);
  // The button that had the focus, so that one disabled by its own click hands it on (as TablePagination does).
  const focused = useRef<HTMLButtonElement | null>(null);

  const from = count === 0 ? 0 : page * pageSize + 1;
  const to = count === -1 ? (page + 1) * pageSize : Math.min(count, (page + 1) * pageSize);
  const atFirst = page === 0;
  const atLast = count !== -1 && page >= Math.ceil(count / pageSize) - 1;

  useLayoutEffect(() => {
    const button = focused.current;
    if (!button?.disabled) return;
    focused.current = null;
    // Focus the user (or a handler) moved elsewhere stays there; only a focus lost to the page moves on.
    const active = document.activeElement;
    if (active && active !== button && active !== document.body && active !== document.documentElement) return;
    const other = Array.from(actions.current?.querySelectorAll('button') ?? []).find(
      (b) => b !== button && !b.disabled,
    );
    other?.focus();
  });
  const buttonOf = (event: FocusEvent) => (event.target instanceof HTMLButtonElement ? event.target : null);
  const onFocus = (event: FocusEvent) => {
    focused.current = buttonOf(event);
  };
  const onBlur = (event: FocusEvent) => {
    // Disabling the focused button can blur it before the effect runs: keep it then.
    if (!buttonOf(event)?.disabled || event.relatedTarget != null) focused.current = null;
  };

  return (
    <div className={props.ruled ? 'pp-pager pp-pager--ruled' : 'pp-pager'}>
      <label className="pp-pager__label" htmlFor={selectId}>
        {props.label}
      </label>
      <span className="pp-pager__size">
        <select
          id={selectId}
          className="pp-pager__select"
          value={pageSize}
          onChange={(event) => props.onPageSizeChange(Number(event.target.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <svg className="pp-pager__caret" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M7 10l5 5 5-5z" />
        </svg>
      </span>
      <p className="pp-pager__rows">{displayedRows(from, to, count)}</p>
      <div ref={actions} className="pp-pager__actions" onFocus={onFocus} onBlur={onBlur}>
        <PagerButton which="previous" disabled={atFirst} onClick={() => onPageChange(page - 1)} />
        <PagerButton which="next" disabled={atLast} onClick={() => onPageChange(page + 1)} />
      </div>
    </div>
  );
}

// TablePagination's own arrows (MUI's internal KeyboardArrowLeft and KeyboardArrowRight).
const ARROWS = {
  previous: 'M15.41 16.09l-4.58-4.59 4.58-4.59L14 5.5l-6 6 6 6z',
  next: 'M8.59 16.34l4.58-4.59-4.58-4.59L10 5.75l6 6-6 6z',
} as const;

function PagerButton({
  which,
  disabled,
  onClick,
}: {
  which: 'previous' | 'next';
  disabled: boolean;
  onClick: () => void;
}) {
  const name = pagerButtonLabel(which);
  // The title is the hint TablePagination's tooltip gave on hover, at no cost.
  return (
    <button
      type="button"
      className="pp-round-button pp-pager__button"
      aria-label={name}
      title={name}
      disabled={disabled}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={ARROWS[which]} />
      </svg>
    </button>
  );
}
