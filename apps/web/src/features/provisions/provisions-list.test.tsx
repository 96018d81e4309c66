// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  FINANCING_MESSAGES,
  operatingNotStarted,
  type ProvisionListItem,
  type UserType,
  type ValidateProcess,
} from '@planpiso/domain';
import '../../test/dom';
import { mockApi, type MockReply } from '../../test/mock-api';
import { columnHeaders, preloadScreen, renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

preloadScreen(() => import('./provisions-list'));

const row = (over: Partial<ProvisionListItem>): ProvisionListItem => ({
  id: 1,
  folio: '1000',
  status: 1,
  companyName: 'Autos del Norte',
  operatorName: 'Lucía Treviño',
  agencyName: 'Sucursal Monterrey Centro',
  typeLine: '100000000',
  total: '1234567.80',
  countUnits: 3,
  createdAt: '2026-11-20T16:05:00.000Z',
  version: 1,
  ...over,
});

type Handlers = Record<string, MockReply | ((body: unknown, url: URL) => MockReply | Promise<MockReply>)>;
const eligible: ValidateProcess = {
  canProvision: true,
  messages: [FINANCING_MESSAGES.canProvision],
  pendingBalances: 0,
  auditsInProgress: 0,
  latestExceptionStatus: null,
};

async function openList(type: UserType, rows: ProvisionListItem[], extra: Handlers = {}, path = '/disposiciones') {
  const actor = sessionUserOf(type);
  storeSession(actor);
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/provisions': { body: { data: { items: rows, total: rows.length } } },
    [`GET /api/provisions/account-assigned/${actor.id}`]: { body: { data: { items: rows, total: rows.length } } },
    'GET /api/configuration/operating-window': { body: { data: { allowed: true, message: null, day: '2026-11-24' } } },
    'GET /api/audits/validate-process': { body: { data: eligible } },
    'GET /api/external/clients/10001/credit-lines': { body: { data: [] } },
    ...extra,
  });
  const view = renderApp(path);
  const grid = await screen.findByRole('grid', { name: 'Disposiciones' });
  if (rows[0]) await within(grid).findByText(rows[0].folio);
  return { ...view, calls, grid, actor };
}

const rowOf = (grid: HTMLElement, folio: string) =>
  within(grid).getByText(folio).closest('[role="row"]') as HTMLElement;
const header = () => screen.getByRole('heading', { name: 'Disposiciones', level: 1 }).closest('header') as HTMLElement;

describe('/disposiciones (spec 3 §2)', () => {
  it('type 5: operator column, type, amount from the decimal string, status name; the total hidden at status 2', async () => {
    const { grid, calls } = await openList(5, [
      row({ id: 1, folio: '1000', status: 1 }),
      row({ id: 2, folio: '1001', status: 2, typeLine: '100000001', total: '500.00' }),
    ]);
    expect(columnHeaders(grid)).toEqual([
      'N° de disposición',
      'Operador',
      'Tipo',
      'Monto',
      'Estatus',
      'Unidades',
      'Fecha',
      'Acciones',
    ]);
    const created = rowOf(grid, '1000');
    expect(within(created).getByText('Lucía Treviño')).toBeTruthy();
    expect(within(created).getByText('Nuevos')).toBeTruthy();
    expect(within(created).getByText('1,234,567.80')).toBeTruthy();
    expect(within(created).getByText('Creada')).toBeTruthy();
    const sent = rowOf(grid, '1001');
    expect(within(sent).getByText('Seminuevos')).toBeTruthy();
    expect(within(sent).getByText('Enviada a validar')).toBeTruthy();
    expect(within(sent).queryByText('500.00')).toBeNull();
    // Edit and send only on the Creada row.
    expect(within(created).getByRole('link', { name: 'Editar 1000' }).getAttribute('href')).toBe(
      '/editar-disposicion/1',
    );
    expect(within(created).getByRole('button', { name: 'Enviar a validar 1000' })).toBeTruthy();
    expect(within(sent).queryByRole('link', { name: 'Editar 1001' })).toBeNull();
    expect(within(sent).getByRole('link', { name: 'Seguimiento 1001' }).getAttribute('href')).toBe(
      '/vizualizar-disposicion/2',
    );
    expect(within(sent).getByRole('link', { name: 'Expediente 1001' }).getAttribute('href')).toBe(
      '/vizualizar-expediente/2',
    );
    const list = calls.find((c) => c.path === '/api/provisions')!;
    expect(new URLSearchParams(list.search).get('sort')).toBe('createdAt:desc');
  });

  it('type 3 reads its assigned list and sees the customer; type 4 gets Firmar documentos at status 5', async () => {
    const operator = await openList(3, [row({ folio: '1002', status: 3 })]);
    expect(operator.calls.some((c) => c.path === `/api/provisions/account-assigned/${operator.actor.id}`)).toBe(true);
    expect(within(rowOf(operator.grid, '1002')).getByText('Autos del Norte')).toBeTruthy();
    operator.unmount();

    const legal = await openList(4, [row({ id: 9, folio: '1003', status: 5 })]);
    expect(within(rowOf(legal.grid, '1003')).getByRole('link', { name: 'Firmar documentos 1003' })).toBeTruthy();
  });

  it('a status filter from the URL asks for every code of its name (Autorizado: 8 and 10)', async () => {
    const { calls } = await openList(4, [row({ status: 8 })], {}, '/disposiciones?status=8&folio=1000');
    const list = calls.find((c) => c.path === '/api/provisions')!;
    const params = new URLSearchParams(list.search);
    expect(params.getAll('status')).toEqual(['8', '10']);
    expect(params.get('folio')).toBe('1000');
  });

  it('Enviar a validar asks, sends the version, shows the server message', async () => {
    let sent: unknown = null;
    const { grid } = await openList(5, [row({ id: 4, folio: '1004', status: 1, version: 3 })], {
      'PATCH /api/provisions/4/set-status': (body) => {
        sent = body;
        return { body: { data: {}, message: 'Disposición actualizada correctamente' } };
      },
    });
    fireEvent.click(within(rowOf(grid, '1004')).getByRole('button', { name: 'Enviar a validar 1004' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('¿Seguro que desea enviar la disposición 1004 a validar?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aceptar' }));
    const result = await screen.findByRole('dialog', { name: 'Acción realizada exitosamente' });
    expect(within(result).getByText('Disposición actualizada correctamente')).toBeTruthy();
    expect(sent).toEqual({ status: 2, version: 3 });
  });
});

describe('Crear Nuevo and the operating window (spec 3 §5, decision 031)', () => {
  it('runs the pre-check; Puedes disponer goes on to /crear-disposicion', async () => {
    const { router } = await openList(5, [row({})]);
    fireEvent.click(within(header()).getByRole('button', { name: 'Crear Nuevo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resultado de validación' });
    await within(dialog).findByText('Puedes disponer');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crear-disposicion'));
  });

  it('No puedes disponer: the messages, and the dealer stays on the list', async () => {
    const blocked: ValidateProcess = {
      canProvision: false,
      messages: ['Tienes 2 saldos pendientes', FINANCING_MESSAGES.cannotProvision],
      pendingBalances: 2,
      auditsInProgress: 0,
      latestExceptionStatus: null,
    };
    const { router } = await openList(5, [row({})], {
      'GET /api/audits/validate-process': { body: { data: blocked } },
    });
    fireEvent.click(within(header()).getByRole('button', { name: 'Crear Nuevo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resultado de validación' });
    await within(dialog).findByText('Tienes 2 saldos pendientes');
    expect(within(dialog).getByText('No puedes disponer')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Continuar' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/disposiciones');
  });

  it('a closed window says so before the dealer starts and disables Crear Nuevo', async () => {
    const message = operatingNotStarted('09:00', '18:00');
    await openList(5, [row({})], {
      'GET /api/configuration/operating-window': { body: { data: { allowed: false, message, day: '2026-11-24' } } },
    });
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() =>
      expect((within(header()).getByRole('button', { name: 'Crear Nuevo' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect((within(header()).getByRole('button', { name: 'Solicitar Excepción' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('an exception still pending disables Solicitar Excepción', async () => {
    await openList(5, [row({})], {
      'GET /api/audits/validate-process': { body: { data: { ...eligible, latestExceptionStatus: 0 } } },
    });
    await waitFor(() =>
      expect(
        (within(header()).getByRole('button', { name: 'Solicitar Excepción' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
  });
});

describe('the credit-line selector (spec 3 §2, §5)', () => {
  it('shows montoRestante − reserved of the only line, and filters by the chosen line', async () => {
    const line = {
      lineaCredito: 'LC-10001-01',
      tipoDispLinea: '100000000',
      montoRestante: '1000000.00',
      reservado: '0.00',
      disponible: '1000000.00',
      plazos: '1|2|3',
      terms: [1, 2, 3],
      tienesSaldosPendientes: false,
    };
    const { calls } = await openList(5, [row({})], {
      'GET /api/external/clients/10001/credit-lines': { body: { data: [line] } },
      'GET /api/provisions/reserved-amount': { body: { data: { total: '250000.10' } } },
    });
    expect((await screen.findByTestId('available-balance')).textContent).toBe('$749,999.90');
    const select = screen.getByRole('combobox', { name: 'Línea de crédito' });
    await within(select).findByRole('option', { name: 'LC-10001-01 · Nuevos' });
    fireEvent.change(select, { target: { value: 'LC-10001-01' } });
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.path === '/api/provisions' && new URLSearchParams(c.search).get('creditLine') === 'LC-10001-01',
        ),
      ).toBe(true),
    );
  });
});

describe('the searched pickers (spec 3 §2 filters)', () => {
  it('type 1: Operador searches the users as typed and filters the list by registerBy', async () => {
    const operator = { id: 55, firstname: 'Lucía', lastname: 'Treviño', type: 5 };
    const { calls, router } = await openList(1, [row({ status: 3 })], {
      'GET /api/users': (_body, url) => ({
        body: { data: { items: url.searchParams.get('name') === 'Luc' ? [operator] : [], total: 1 } },
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const input = await screen.findByRole('combobox', { name: 'Operador' });
    fireEvent.change(input, { target: { value: 'Luc' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Lucía Treviño' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toContain('registerBy=55'));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/provisions' && new URLSearchParams(c.search).get('registerBy') === '55'),
      ).toBe(true),
    );
  });

  it('type 5: Sucursal offers the user’s own branches (users-agencies) and filters by agency', async () => {
    const actorId = 105;
    const { calls, router } = await openList(5, [row({})], {
      'GET /api/companies/11/users-agencies': {
        body: {
          data: [
            {
              id: actorId,
              firstname: 'Lucía',
              lastname: 'Treviño',
              email: 'x@y.mx',
              type: 5,
              agencies: [{ id: 7, name: 'Sucursal Monterrey Centro' }],
            },
            {
              id: 9,
              firstname: 'Otro',
              lastname: 'Operador',
              email: 'o@y.mx',
              type: 5,
              agencies: [{ id: 8, name: 'Sucursal San Pedro' }],
            },
          ],
        },
      },
    });
    // A native select: its options are there once the company's people have arrived.
    expect(await screen.findByRole('option', { name: 'Sucursal Monterrey Centro' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Sucursal San Pedro' })).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sucursal' }), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toContain('agency=7'));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/provisions' && new URLSearchParams(c.search).get('agency') === '7'),
      ).toBe(true),
    );
  });
});
