// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FINANCED_UNIT_MESSAGES, PORTFOLIO_MESSAGES, type DealerDueItem, type DealerSummary } from '@planpiso/domain';
import '../../test/dom';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

const due = (id: number, vin: string): DealerDueItem => ({
  id,
  vin,
  description: 'Nissan Versa Sense TM',
  companyName: 'Autos del Norte',
  status: 2,
  daysFloored: 40,
  creditNumber: `CR-${id}`,
  kind: 'payoff',
  date: '2026-11-26',
  amount: '245300.50',
});

const summary: DealerSummary = {
  today: '2026-11-24',
  byStatus: [{ status: 2, count: 2, amount: '490601.00' }],
  daysFloored: { average: 40, oldest: 40 },
  dueThisWeek: [due(31, '3VWFE21C04M000001'), due(32, '3VWFE21C04M000002')],
  dueThisWeekTotal: 2,
};

const quoteOf = (
  id: number,
  quote: { principal: string; interest: string; total: string } | null,
  notice: string | null,
) => ({
  data: { id, creditNumber: `CR-${id}`, date: '2026-11-24', quote, notice },
});

describe('/resumen-unidades: the payoff quote on demand (issue 29 item 5)', () => {
  it('shows the CRM’s total, or the server’s notice when the CRM cannot quote', async () => {
    storeSession(sessionUserOf(5));
    const calls = mockApi({
      'GET /api/identity/session': sessionCheck,
      'GET /api/portfolio/dealer': { body: { data: summary } },
      'GET /api/portfolio/units/31/payoff-quote': {
        body: quoteOf(31, { principal: '245300.50', interest: '1210.00', total: '246510.50' }, null),
      },
      'GET /api/portfolio/units/32/payoff-quote': {
        body: quoteOf(32, null, FINANCED_UNIT_MESSAGES.payoffQuoteUnavailable),
      },
    });
    renderApp('/resumen-unidades');
    const table = await screen.findByRole('table', { name: PORTFOLIO_MESSAGES.dueThisWeek });
    // Nothing is asked of the CRM until the dealer presses a row's button.
    expect(calls.some((call) => call.path.endsWith('/payoff-quote'))).toBe(false);

    fireEvent.click(within(table).getByRole('button', { name: /3VWFE21C04M000001/ }));
    expect(await within(table).findByText('$246,510.50')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: /3VWFE21C04M000002/ }));
    expect(await within(table).findByText(FINANCED_UNIT_MESSAGES.payoffQuoteUnavailable)).toBeTruthy();
  });
});
