import type { Envelope, Signer } from './envelopes';
import { BUSINESS_TIME_ZONE } from '@planpiso/domain';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const formatDate = (date: Date) =>
  new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE }).format(
    date,
  );

/** The page a signer opens from the e-mail: the document, and a Firmar button that posts to the same URL. */
export function renderSignPage(envelope: Envelope, signer: Signer): string {
  const base = `/sign/${encodeURIComponent(envelope.envelopeId)}/${encodeURIComponent(signer.signerId)}`;
  const action =
    signer.status === 'signed'
      ? `<p class="done">Firmaste este documento el ${escapeHtml(formatDate(signer.signedAt ?? new Date()))}.</p>`
      : `<form method="post" action="${base}">
      <p>Al presionar <strong>Firmar</strong> aceptas firmar electrónicamente este documento.</p>
      <button type="submit">Firmar</button>
    </form>`;
  const pending = envelope.signers.filter((s) => s.status === 'pending').length;
  const progress =
    envelope.status === 'completed'
      ? 'Todas las firmas están completas.'
      : `Faltan ${pending} de ${envelope.signers.length} firmas.`;
  return `<!doctype html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Firma electrónica · ${escapeHtml(envelope.documentName)}</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #222; }
    main { max-width: 40rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px #0002; }
    h1 { font-size: 1.4rem; margin-top: 0; }
    button { font-size: 1rem; padding: .6rem 2rem; background: #0b5cad; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
    .done { color: #1b7a3a; font-weight: 600; }
    .muted { color: #666; }
  </style>
</head>
<body>
  <main>
    <h1>Firma electrónica</h1>
    <p>Documento: <strong>${escapeHtml(envelope.documentName)}</strong></p>
    <p>Firmante: ${escapeHtml(signer.name)} (${escapeHtml(signer.email)})</p>
    <p><a href="${base}/document" target="_blank" rel="noopener">Ver documento (PDF)</a></p>
    ${action}
    <p class="muted">${escapeHtml(progress)}</p>
  </main>
</body>
</html>`;
}
