/**
 * Shown while the first route's guard or code loads: the same markup as index.html's, which the browser paints
 * before any script arrives, so the hand-over is seamless. Plain markup: it is part of the entry chunk, which stays
 * free of MUI so the sign-in page fits its JavaScript budget (150 KB gzip).
 */
export function BootFallback() {
  return (
    <div className="pp-boot" role="progressbar" aria-label="Cargando">
      <img className="pp-boot__logo" src="/favicon.svg" alt="" width={48} height={48} />
      <p className="pp-boot__brand">PlanPiso</p>
      <div className="pp-boot__spinner" />
    </div>
  );
}
