// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REFINANCING_MESSAGES, type RefinancingAvailableUnit } from '@planpiso/domain';
import '../../test/dom';
import { apiError, mockApi, type ApiCall } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { LEON_USERS_AGENCIES, refinancingUnit, storeLeonOperatorSession } from '../../test/dealer-fixtures';
import { sessionCheck } from '../../test/session-fixtures';

const unit = (id: number, amount: string, overrides: Partial<RefinancingAvailableUnit> = {}) =>
  refinancingUnit(id, { amount, ...overrides });
const UNITS = [unit(1, '100000.25'), unit(2, '50000.50'), unit(3, '70000.00', { deadlines: 2 })];

const line = (lineaCredito: string, disponible: string, terms: number[]) => ({
  lineaCredito,
  tipoDispLinea: '100000000',
  montoRestante: disponible,
  reservado: '0.00',
  disponible,
  plazos: terms.join('|'),
  terms,
  tienesSaldosPendientes: false,
});

type Options = { disponible?: string; create?: Parameters<typeof mockApi>[0][string] };

/** /unidades para refinanciar → tick → Crear Nuevo → Aceptar: the page as the dealer reaches it. */
async function openCreate({ disponible = '500000.00', create }: Options = {}): Promise<{
  calls: ApiCall[];
  router: ReturnType<typeof renderApp>['router'];
}> {
  storeLeonOperatorSession();
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/refinancings/units': { body: { data: { items: UNITS, total: 3 } } },
    'GET /api/companies/11/users-agencies': LEON_USERS_AGENCIES,
    'GET /api/external/clients/10001/credit-lines': {
      // The six-month-only line is not offered (spec 3 §5: terms ≤ 3).
      body: { data: [line('LC-10001-01', disponible, [1, 2, 3, 6]), line('LC-10001-06', '900000.00', [6])] },
    },
    ...(create ? { 'POST /api/refinancings': create } : {}),
  });
  const { router } = renderApp('/refinanciamientos/unidades');
  const grid = await screen.findByRole('grid', { name: 'Unidades para refinanciar' });
  await within(grid).findByText(UNITS[0]!.vinNumber);
  fireEvent.click(within(grid).getByRole('checkbox', { name: `Incluir ${UNITS[0]!.vinNumber}` }));
  fireEvent.click(within(grid).getByRole('checkbox', { name: `Incluir ${UNITS[1]!.vinNumber}` }));
  fireEvent.click(screen.getByRole('button', { name: 'Crear Nuevo' }));
  const dialog = await screen.findByRole('dialog', { name: REFINANCING_MESSAGES.createDialogTitle });
  expect(within(dialog).getByText(REFINANCING_MESSAGES.includeSelectedUnits)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
  await screen.findByRole('heading', { name: 'Crear refinanciamiento', level: 1 });
  // The single eligible line is chosen for the user, and so is the only legal representative.
  await waitFor(() =>
    expect(screen.getByTestId('available').textContent).toBe(
      `$${Number(disponible).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    ),
  );
  return { calls, router };
}

const guardar = () => screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;

describe('/crear-refinanciamiento (spec 3 §2, §3, §5)', () => {
  it('carries the ticked units; the total and the remaining balance follow the ticks', async () => {
    await openCreate();
    const table = screen.getByRole('table', { name: 'Unidades del refinanciamiento' });
    expect(within(table).getByText(UNITS[0]!.vinNumber)).toBeTruthy();
    expect(within(table).getByText(UNITS[1]!.vinNumber)).toBeTruthy();
    expect(within(table).queryByText(UNITS[2]!.vinNumber)).toBeNull();
    expect(screen.getByTestId('total').textContent).toBe('$150,000.75');
    expect(screen.getByTestId('remaining').textContent).toBe('$349,999.25');
    expect(guardar().disabled).toBe(false);

    fireEvent.click(within(table).getByRole('checkbox', { name: `Incluir ${UNITS[0]!.vinNumber}` }));
    expect(screen.getByTestId('total').textContent).toBe('$50,000.50');
    fireEvent.click(within(table).getByRole('checkbox', { name: `Incluir ${UNITS[1]!.vinNumber}` }));
    // No unit left: Guardar waits for one.
    expect(guardar().disabled).toBe(true);
  });

  it("refuses a total above the balance: 'El monto total supera el saldo restante', Guardar disabled", async () => {
    await openCreate({ disponible: '150000.00' });
    expect(screen.getByText(REFINANCING_MESSAGES.balanceExceeded)).toBeTruthy();
    expect(screen.getByTestId('remaining').textContent).toBe('-$0.75');
    expect(guardar().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: `Incluir ${UNITS[1]!.vinNumber}` }));
    expect(screen.queryByText(REFINANCING_MESSAGES.balanceExceeded)).toBeNull();
    expect(guardar().disabled).toBe(false);
  });

  it('sends the payload of spec 3 §3 with an Idempotency-Key, shows the folio and opens the refinancing', async () => {
    const { calls, router } = await openCreate({
      create: {
        status: 201,
        body: { data: { id: 41, folio: '1041', status: 1 }, message: REFINANCING_MESSAGES.created('1041') },
      },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    fireEvent.click(guardar());
    const confirm = await screen.findByRole('dialog', { name: REFINANCING_MESSAGES.confirmCreateTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(REFINANCING_MESSAGES.created('1041'))).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/refinancings')!;
    expect(sent.idempotencyKey).toBeTruthy();
    expect(sent.body).toEqual({
      accountId: 1,
      companyId: 11,
      agencyId: 7,
      legalId: 104,
      total: '150000.75',
      deadlines: 3,
      registerBy: 105,
      creditLine: 'LC-10001-01',
      typeLine: '1',
      reviewAF: true,
      requireEvidences: false,
      units: [
        { unitId: 1, comment: '', status: 0 },
        { unitId: 2, comment: '', status: 0 },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/refinanciamientos/41'));
  });

  it("a server refusal shows the server's message and keeps the selection", async () => {
    const message = REFINANCING_MESSAGES.unitInOpenRefinancing(UNITS[0]!.vinNumber);
    const { router } = await openCreate({ create: apiError(422, 'UNIT_IN_OPEN_REFINANCING', message) });
    fireEvent.click(guardar());
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: REFINANCING_MESSAGES.confirmCreateTitle })).getByRole('button', {
        name: 'Aceptar',
      }),
    );
    expect(await screen.findByText(message)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(router.state.location.pathname).toBe('/crear-refinanciamiento');
    expect(screen.getByTestId('total').textContent).toBe('$150,000.75');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = screen.getByRole('table', { name: 'Unidades del refinanciamiento' });
    expect(
      (within(table).getByRole('checkbox', { name: `Incluir ${UNITS[0]!.vinNumber}` }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('only lines offering a term of 3 months or less are offered', async () => {
    await openCreate();
    const select = screen.getByRole('combobox', { name: /Línea de crédito/ });
    const options = await within(select).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('LC-10001-01')]);
  });
});
