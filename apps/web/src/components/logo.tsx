import logoMark from '../assets/logo-mark.svg';

// "Piso" in the brand orange reads 5.5:1 on the navy bar but 2.1:1 on white; on white a darker orange keeps
// the wordmark at WCAG AA (5.0:1).
const ACCENT_ON_DARK = '#f4a259';
const ACCENT_ON_LIGHT = '#b45309';

type Props = {
  size?: number;
  /** Wordmark colour; the mark keeps its own. */
  color?: string;
  showName?: boolean;
  /** On a navy background: the mark gets a light edge and "Piso" the light orange. */
  onDark?: boolean;
};

/** The PlanPiso mark and wordmark. Plain markup so the sign-in page can use it without MUI. */
export function Logo({ size = 40, color = '#0d3b66', showName = true, onDark = false }: Props) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: size / 4 }}>
      <img
        src={logoMark}
        width={size}
        height={size}
        alt={showName ? '' : 'PlanPiso'}
        style={onDark ? { borderRadius: size * 0.22, boxShadow: '0 0 0 2px rgba(255, 255, 255, 0.35)' } : undefined}
      />
      {showName && (
        <span style={{ color, fontWeight: 800, fontSize: size * 0.6, letterSpacing: '-0.02em', lineHeight: 1 }}>
          Plan<span style={{ color: onDark ? ACCENT_ON_DARK : ACCENT_ON_LIGHT }}>Piso</span>
        </span>
      )}
    </span>
  );
}
