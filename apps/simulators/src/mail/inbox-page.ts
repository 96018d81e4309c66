import type { CaughtMessage } from './mail-catcher';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('es-MX', { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

/** The inbox a person opens at /mail: newest first; clicking a row shows the message's text. */
export function renderInbox(messages: readonly CaughtMessage[]): string {
  const rows = messages
    .map(
      (m) => `
    <details>
      <summary>
        <span class="date">${escapeHtml(formatDate(m.receivedAt))}</span>
        <span class="to">${escapeHtml(m.to.join(', '))}</span>
        <span class="subject">${escapeHtml(m.subject || '(sin asunto)')}</span>
      </summary>
      <p class="from">De: ${escapeHtml(m.from)}</p>
      <pre>${escapeHtml(m.text || '(sin texto)')}</pre>
    </details>`,
    )
    .join('');

  return `<!doctype html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <title>Bandeja de correo de prueba</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
    h1 { font-size: 1.4rem; }
    .toolbar { display: flex; gap: 1rem; margin-bottom: 1rem; }
    details { border-bottom: 1px solid #ddd; padding: .5rem 0; }
    summary { cursor: pointer; display: grid; grid-template-columns: 12rem 20rem 1fr; gap: 1rem; }
    .subject { font-weight: 600; }
    pre { white-space: pre-wrap; background: #f6f6f6; padding: 1rem; }
    .empty { color: #666; }
  </style>
</head>
<body>
  <h1>Bandeja de correo de prueba</h1>
  <div class="toolbar">
    <a href="/mail">Actualizar</a>
    <button type="button" id="clear">Vaciar bandeja</button>
    <span>${messages.length} ${messages.length === 1 ? 'mensaje' : 'mensajes'}</span>
  </div>
  <div class="header" aria-hidden="true"><strong>Fecha · Para · Asunto</strong></div>
  ${rows || '<p class="empty">No hay correos.</p>'}
  <script>
    document.getElementById('clear').addEventListener('click', async () => {
      await fetch('/mail/api/messages', { method: 'DELETE' });
      location.reload();
    });
  </script>
</body>
</html>`;
}
