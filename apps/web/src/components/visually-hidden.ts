/**
 * Text for screen readers only (a checkbox column's header). Lengths as CSS strings: in `sx` a bare 1 is 100% (and a
 * bare -1 a theme spacing), which made such a label as wide as the page and gave the page a horizontal scroll.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
