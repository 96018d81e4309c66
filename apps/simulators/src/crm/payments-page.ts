import { Money } from '@planpiso/domain';
import type { CrmState } from './state';

// The lender's ERP as a page (issue 29): PlanPiso never takes money, the ERP does. A person (or an end-to-end test)
// opens it, sees each credit's balance and records a payment, or settles a credit with one click.

export const paymentsPagePath = '/pagos';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const amountText = (decimal: string) => Money.of(decimal).formatCurrency();

/** The form's fields as the payment endpoint reads them; an amount typed as '1500' or '1500.5' gets its 2 decimals. */
export function readPaymentForm(body: unknown): Record<string, unknown> {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const typed = typeof fields.amount === 'string' ? Money.parse(fields.amount.replace(/[$,\s]/g, '')) : null;
  return {
    creditNumber: typeof fields.creditNumber === 'string' ? fields.creditNumber.trim() : fields.creditNumber,
    amount: typed?.ok ? typed.money.toDecimalString() : fields.amount,
    paidAt: fields.paidAt,
  };
}

export function renderPaymentsPage(state: CrmState, outcome?: { ok: boolean; text: string }): string {
  const rows = state
    .allCredits()
    .map((credit) => {
      const day = state.currentDay(credit.noCredito);
      const balance = state.balance(credit.noCredito, day);
      const payoff = Money.of(balance.principal).add(Money.of(balance.accruedInterest)).toDecimalString();
      const next = balance.nextCurtailment;
      const settle =
        balance.status === 'vigente'
          ? `<form method="post" action="${paymentsPagePath}">
            <input type="hidden" name="creditNumber" value="${escapeHtml(credit.noCredito)}">
            <input type="hidden" name="amount" value="${payoff}">
            <input type="hidden" name="paidAt" value="${day}">
            <button type="submit" aria-label="Liquidar ${escapeHtml(credit.noCredito)}">Liquidar</button>
          </form>`
          : `Liquidado el ${escapeHtml(balance.paidOffAt ?? '')}`;
      return `
      <tr data-credit="${escapeHtml(credit.noCredito)}">
        <td>${escapeHtml(credit.noCredito)}</td>
        <td>${escapeHtml(credit.agencia)}</td>
        <td>${escapeHtml(credit.vin)}</td>
        <td class="num">${amountText(balance.principal)}</td>
        <td class="num">${amountText(balance.accruedInterest)}</td>
        <td class="num">${amountText(balance.paidTotal)}</td>
        <td>${next ? `${next.date} · ${amountText(next.amount)}` : '—'}</td>
        <td class="num">${amountText(payoff)} al ${day}</td>
        <td>${balance.status === 'vigente' ? 'Vigente' : 'Liquidado'}</td>
        <td>${settle}</td>
      </tr>`;
    })
    .join('');

  return `<!doctype html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>ERP del acreedor · Pagos de créditos</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
    h1 { font-size: 1.4rem; }
    table { border-collapse: collapse; width: 100%; font-size: .9rem; }
    th, td { border-bottom: 1px solid #ddd; padding: .4rem; text-align: left; }
    .num { text-align: right; white-space: nowrap; }
    fieldset { margin-bottom: 1.5rem; display: flex; gap: 1rem; align-items: end; flex-wrap: wrap; }
    label { display: flex; flex-direction: column; font-size: .85rem; }
    .ok { color: #1b7a3a; font-weight: 600; }
    .error { color: #b3261e; font-weight: 600; }
  </style>
</head>
<body>
  <h1>ERP del acreedor · Pagos de créditos</h1>
  ${outcome ? `<p role="status" class="${outcome.ok ? 'ok' : 'error'}">${escapeHtml(outcome.text)}</p>` : ''}
  <form method="post" action="${paymentsPagePath}">
    <fieldset>
      <legend>Registrar un pago</legend>
      <label>Número de crédito <input name="creditNumber" required></label>
      <label>Monto <input name="amount" inputmode="decimal" required></label>
      <label>Fecha de pago <input name="paidAt" type="date" value="${state.today}" required></label>
      <button type="submit">Registrar pago</button>
    </fieldset>
  </form>
  <table>
    <thead>
      <tr>
        <th>Crédito</th><th>Agencia</th><th>VIN</th><th>Capital</th><th>Interés devengado</th><th>Pagado</th>
        <th>Próxima amortización</th><th>Liquidación</th><th>Estatus</th><th></th>
      </tr>
    </thead>
    <tbody>${rows}</tbody>
  </table>
</body>
</html>`;
}
