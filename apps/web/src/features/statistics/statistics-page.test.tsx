// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_MESSAGES } from '@planpiso/domain';
import '../../test/dom';
import { mockApi } from '../../test/mock-api';
import { preloadScreen, renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

preloadScreen(() => import('./statistics-page'));

const customers = [
  { accountId: 1, id: 11, name: 'Automotriz del Occidente', clientId: '100234', legal: null },
  { accountId: 1, id: 12, name: 'Motores del Bajío', clientId: '100235', legal: null },
];

async function open() {
  storeSession(sessionUserOf(3));
  mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/accounts/assigned/103/companies': { body: { data: customers } },
    'GET /api/reports/provisions-stadistics/credit-lines': (_body, url) => ({
      body: { data: url.searchParams.get('clientId') === '100234' ? [] : [{ creditLine: 'L-1', typeLine: '1' }] },
    }),
  });
  renderApp('/estadisticas-disposiciones');
  // The greeting (spec 2 §2) first.
  const greeting = await screen.findByRole('dialog');
  fireEvent.click(within(greeting).getByRole('button', { name: 'Aceptar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

async function pickCustomer(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Cliente' }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

describe('/estadisticas-disposiciones filters (issue 14 §1.4)', () => {
  it('explains an empty line picker for a customer without lines', async () => {
    await open();
    await pickCustomer('Automotriz del Occidente (100234)');
    const line = screen.getByRole('combobox', { name: 'Línea de crédito' });
    expect(await screen.findByText(CONFIGURATION_MESSAGES.statisticsNoLines)).toBeTruthy();
    expect(line.getAttribute('aria-disabled')).toBe('true');
    expect(line.getAttribute('aria-describedby')).toBeTruthy();

    await pickCustomer('Motores del Bajío (100235)');
    await waitFor(() => expect(screen.queryByText(CONFIGURATION_MESSAGES.statisticsNoLines)).toBeNull());
    await waitFor(() => expect(line.getAttribute('aria-disabled')).toBeNull());
  });
});
