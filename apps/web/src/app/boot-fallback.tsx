/**
 * Shown while the first route's guard or code loads. Plain markup: it is part of the entry chunk, which stays
 * free of MUI so the sign-in page fits its JavaScript budget (150 KB gzip).
 */
export function BootFallback() {
  return (
    <div className="pp-boot" role="progressbar" aria-label="Cargando">
      <div className="pp-boot__spinner" />
    </div>
  );
}
