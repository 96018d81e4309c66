// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  BALANCES_NOT_RECORDED,
  MESSAGES,
  PROVISION_LENDER_MESSAGES,
  businessToday,
  provisionActionsFor,
  reviewChangesFound,
  type ProvisionFollowUpDetail,
  type UserType,
} from '@planpiso/domain';
import { PROVISION_40 } from '../../../test/dealer-fixtures';
import '../../../test/dom';
import { apiError, mockApi, type MockReply } from '../../../test/mock-api';
import { preloadScreen, renderApp } from '../../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../../test/session-fixtures';

preloadScreen(() => import('./follow-up-page'));

type Unit = ProvisionFollowUpDetail['units'][number];
const passed = { validInvoice: true, validRepuve: true, validTransunion: true, validAx: true };

const unit = (id: number, vinNumber: string, overrides: Partial<Unit> = {}): Unit => ({
  id,
  index: id,
  vinNumber,
  agency: 'León',
  brandName: 'Nissan',
  type: 'Sedan',
  model: '2027',
  description: 'VERSA',
  color: 'Azul',
  insideColor: 'Gris',
  motorNumber: `M-${id}`,
  amount: '250000.00',
  included: true,
  status: 0,
  reviewAF: false,
  comment: '',
  invoiceDate: null,
  validation: passed,
  evidences: [],
  deadlines: 3,
  ...overrides,
});

const detail = (type: UserType, status: number, overrides: Partial<ProvisionFollowUpDetail> = {}) =>
  ({
    ...PROVISION_40,
    status,
    version: 7,
    typeLine: '100000001',
    total: '500000.00',
    countUnits: 3,
    units: [
      unit(501, '3N1CD3AP6VL213384'),
      // REPUVE failed, but the administrator said Si: selectable (spec 3 §4).
      unit(502, '3N1AB8DV2VL119619', {
        validation: { ...passed, validRepuve: false },
        reviewAF: true,
        status: 1,
      }),
      // TransUnion failed, the administrator said No: not selectable.
      unit(503, '3N1AB8DV2VL119620', {
        validation: { ...passed, validTransunion: false },
        reviewAF: true,
        status: 2,
        comment: 'Factura ilegible',
      }),
    ],
    actions: provisionActionsFor(type, status),
    unitsInReview: 2,
    balances: { remaining: '900000.00', available: '400000.00', known: true },
    confirmedBalances: null,
    signingDocuments: 0,
    approvedDate: null,
    ...overrides,
  }) satisfies ProvisionFollowUpDetail;

const timeline = {
  data: [
    {
      at: '2026-11-20T16:05:00Z',
      actor: { id: 105, name: 'Lucía Treviño' },
      action: 'send',
      fromStatus: 1,
      toStatus: 2,
    },
    {
      at: '2026-11-20T16:10:00Z',
      actor: null,
      action: 'validation',
      fromStatus: null,
      toStatus: null,
      details: { check: '1', vinNumber: '3N1AB8DV2VL119619', valid: false, reason: 'Reporte de robo' },
    },
  ],
};

function open(
  type: UserType,
  status: number,
  options: { details?: ProvisionFollowUpDetail[]; put?: MockReply; path?: string; timelineTotal?: number } = {},
) {
  storeSession(sessionUserOf(type));
  const answers = options.details ?? [detail(type, status)];
  let reads = 0;
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/provisions/40': () => ({ body: { data: answers[Math.min(reads++, answers.length - 1)] } }),
    // The units a page at a time (issue 31), as the last read of the detail has them.
    'GET /api/provisions/40/units/page': (_body: unknown, url: URL) => {
      const { units } = answers[Math.min(Math.max(reads - 1, 0), answers.length - 1)]!;
      const size = Number(url.searchParams.get('pageSize'));
      const from = (Number(url.searchParams.get('page')) - 1) * size;
      return { body: { data: { items: units.slice(from, from + size), total: units.length } } };
    },
    // One page of the history (issue 31); `timelineTotal` says how long the whole one is.
    'GET /api/provisions/40/timeline/page': (_body: unknown, url: URL) => ({
      body: {
        data: {
          items: url.searchParams.get('page') === '1' ? timeline.data : [{ ...timeline.data[0]!, action: 'release' }],
          total: options.timelineTotal ?? timeline.data.length,
        },
      },
    }),
    'GET /api/provisions/40/evidences-signature': { body: { data: { evidences: [] } } },
    'PUT /api/provisions/40': options.put ?? {
      body: { data: { status: 4, version: 8 }, message: 'Disposición con folio 1040: Confirmada' },
    },
    'GET /api/files/9/link': {
      body: { data: { url: '/api/files/9/signed?expires=1&sig=abc', expiresAt: '2026-11-24T23:10:00Z' } },
    },
    'POST /api/provisions/40/release': { body: { data: { status: 10, version: 8 } } },
    'POST /api/provisions/40/send-crm': { body: { data: { status: 8, version: 8 } } },
    'PATCH /api/provisions/40/update-folio': { body: { data: { status: 6, version: 8 } } },
  });
  renderApp(options.path ?? '/vizualizar-disposicion/40');
  return calls;
}

const loaded = () => screen.findByRole('heading', { name: 'N° de Disposición 1040' });
const button = (name: string) => screen.queryByRole('button', { name });

describe('/vizualizar-disposicion/:id — the tracker', () => {
  it('shows the dealer where the provision is: Enviada a firma for statuses 5 to 7', async () => {
    open(5, 6);
    await loaded();
    const tracker = screen.getByRole('heading', { name: 'Estatus de la disposición' }).closest('section')!;
    expect(within(tracker).getByText('Enviada a firma').closest('[aria-current="step"]')).toBeTruthy();
    expect(within(tracker).getByText('Creada')).toBeTruthy();
  });

  it('relabels the step where a rejected (Rechazado) or cancelled (Cancelado) provision stopped', async () => {
    open(5, 9);
    await loaded();
    const tracker = screen.getByRole('heading', { name: 'Estatus de la disposición' }).closest('section')!;
    expect(within(tracker).getByText('Rechazado').closest('[aria-current="step"]')).toBeTruthy();
    expect(within(tracker).queryByText('Aceptada')).toBeNull();
  });

  it('relabels the first step Cancelado for a cancelled provision', async () => {
    open(5, 11, { path: '/vizualizar-expediente/40' });
    await loaded();
    const tracker = screen.getByRole('heading', { name: 'Estatus de la disposición' }).closest('section')!;
    expect(within(tracker).getByText('Cancelado').closest('[aria-current="step"]')).toBeTruthy();
    expect(within(tracker).queryByText('Creada')).toBeNull();
  });

  it('hides the tracker and its title from the lender (types 1, 2, 3)', async () => {
    open(3, 5);
    await loaded();
    expect(screen.getByRole('heading', { name: 'Datos de la empresa' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Estatus de la disposición' })).toBeNull();
  });
});

describe('/vizualizar-disposicion/:id — what the page shows', () => {
  it('shows the company, the line, the balances without the total at status 3, the units and the timeline', async () => {
    open(3, 3);
    await loaded();
    expect(screen.getByText('Autos del Norte')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Documentos firmados' })).toBeTruthy();
    expect(screen.getByText('Ramón Representante')).toBeTruthy();
    expect(screen.getByText('Seminuevos')).toBeTruthy();
    expect(screen.getByText('Plazo - 3')).toBeTruthy();
    // Available to it: the line's 400,000.00 plus its own 500,000.00 hold; remaining after it: 400,000.00.
    expect(screen.getByText('$900,000.00')).toBeTruthy();
    expect(screen.getByText('$400,000.00')).toBeTruthy();
    expect(screen.queryByText('Total')).toBeNull();
    expect(screen.getByText('Factura ilegible')).toBeTruthy();
    expect(screen.getByTitle('REPUVE: no válida')).toBeTruthy();
    expect(screen.getByTitle('Revisión FinBe: No')).toBeTruthy();
    const history = await screen.findByRole('list', { name: 'Historial' });
    expect(within(history).getByText('Enviada a validar')).toBeTruthy();
    expect(within(history).getByText('20/11/2026 10:05 · Lucía Treviño')).toBeTruthy(); // Mexico City, UTC−6
    expect(within(history).getByText('REPUVE · VIN 3N1AB8DV2VL119619: no válida')).toBeTruthy();
    expect(within(history).getByText('Reporte de robo')).toBeTruthy();
  });

  it('pages a long history: the first 50 entries, then the page asked for (issue 31)', async () => {
    const calls = open(5, 8, { timelineTotal: 120 });
    await loaded();
    const history = await screen.findByRole('list', { name: 'Historial' });
    expect(within(history).getByText('Enviada a validar')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Página 3 del historial' }));
    expect(await within(history).findByText('Unidades liberadas sin enviar a CRM')).toBeTruthy();
    const pages = calls.filter((c) => c.path === '/api/provisions/40/timeline/page').map((c) => c.search);
    expect(pages).toEqual(['?page=1&pageSize=50', '?page=3&pageSize=50']);
  });

  it('a closed provision shows the balances at Confirmar and says when; without them, no amounts (decision 054)', async () => {
    const confirmedBalances = { available: '1234567.50', remaining: '734567.50', at: '2026-11-24T21:07:00.000Z' };
    open(5, 8, { details: [detail(5, 8, { balances: null, confirmedBalances })] });
    await loaded();
    expect(screen.getByText('Saldos al confirmar la disposición, 24/11/2026 15:07')).toBeTruthy(); // Mexico City
    expect(screen.getByText('$1,234,567.50')).toBeTruthy();
    expect(screen.getByText('$734,567.50')).toBeTruthy();
  });

  it('a closed provision without them shows no amounts, and says why (decision 054)', async () => {
    open(5, 9, { details: [detail(5, 9, { balances: null, confirmedBalances: null })] });
    await loaded();
    expect(screen.getByText(BALANCES_NOT_RECORDED)).toBeTruthy();
  });

  it('opens the annex in a new tab through its short-lived signed link', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const annex = {
      id: 3,
      fileId: 9,
      fileName: 'Anexo.pdf',
      fileSize: 1024,
      extension: 'pdf',
      url: '/api/files/9',
      type: 2,
    };
    open(5, 5, { details: [detail(5, 5, { evidences: [annex] })] });
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Anexo.pdf' }));
    await waitFor(() => expect(tab.location.href).toBe('/api/files/9/signed?expires=1&sig=abc'));
    expect(tab.opener).toBeNull();
  });

  it('shows the total from Aceptada on', async () => {
    open(3, 4);
    await loaded();
    expect(screen.getByText('Total')).toBeTruthy();
    expect(screen.getByText('$500,000.00')).toBeTruthy();
  });
});

describe('/vizualizar-disposicion/:id — the buttons per type and status', () => {
  it('gives the lender operator at status 3 the counter, the manual folio, Refrescar, Rechazar and Confirmar', async () => {
    open(3, 3);
    await loaded();
    expect(screen.getByText('Unidades en revisión: 2')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Folio manual' })).toBeTruthy();
    for (const name of ['Refrescar', 'Rechazar', 'Confirmar', 'Descargar XLSX']) expect(button(name)).toBeTruthy();
    expect(button('Liberar')).toBeNull();
    // Selectable: all four checks passed, or the administrator said Si; not the one it said No to.
    expect(screen.getByRole('checkbox', { name: 'Incluir 3N1CD3AP6VL213384' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('checkbox', { name: 'Incluir 3N1AB8DV2VL119619' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('checkbox', { name: 'Incluir 3N1AB8DV2VL119620' })).toHaveProperty('disabled', true);
  });

  it('gives the lender operator at Proceso firma Liberar and Enviar a CRM, and no Confirmar', async () => {
    open(3, 6);
    await loaded();
    for (const name of ['Liberar', 'Enviar a CRM', 'Actualizar folio', 'Generar documento nuevamente'])
      expect(button(name)).toBeTruthy();
    expect(button('Confirmar')).toBeNull();
  });

  it('gives the dealer operator at Aceptada Generar documentos and Enviar a firma', async () => {
    open(5, 4, { details: [detail(5, 4, { signingDocuments: 1 })] });
    await loaded();
    expect(button('Generar documentos')).toBeTruthy();
    expect(button('Enviar a firma')).toHaveProperty('disabled', false);
    expect(button('Liberar')).toBeNull();
    expect(button('Descargar XLSX')).toBeNull();
  });

  it('gives the legal representative the way to sign while the documents are out', async () => {
    open(4, 5);
    await loaded();
    expect(screen.getByRole('link', { name: 'Firmar documentos' }).getAttribute('href')).toBe('/firmar-disposicion/40');
    expect(button('Confirmar')).toBeNull();
  });

  it('gives the lender administrator no action on the page', async () => {
    open(2, 3);
    await loaded();
    expect(button('Confirmar')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Acciones' })).toBeNull();
  });
});

describe('/vizualizar-disposicion/:id — Confirmar', () => {
  it('refuses with no unit ticked: Seleccione al menos una unidad, and sends nothing', async () => {
    const calls = open(3, 3);
    await loaded();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Incluir 3N1CD3AP6VL213384' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Incluir 3N1AB8DV2VL119619' }));
    fireEvent.click(button('Confirmar')!);
    expect(await screen.findByText(MESSAGES.selectAtLeastOneUnit)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('asks for the manual folio when the option is on: Ingrese el folio manual', async () => {
    const calls = open(3, 3);
    await loaded();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Folio manual' }));
    fireEvent.click(button('Confirmar')!);
    expect(await screen.findAllByText(PROVISION_LENDER_MESSAGES.manualFolioRequired)).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('confirms the ticked units with the version shown and the manual folio, and says so', async () => {
    const calls = open(3, 3);
    await loaded();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Folio manual' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Folio manual' }), { target: { value: '77' } });
    fireEvent.click(button('Confirmar')!);
    expect(await screen.findByText('Disposición con folio 1040: Confirmada')).toBeTruthy();
    expect(screen.getByText(MESSAGES.actionSucceeded)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      status: 4,
      version: 7,
      units: [
        { id: 501, included: true },
        { id: 502, included: true },
        { id: 503, included: false },
      ],
      useManualFolio: true,
      manualFolio: '77',
    });
  });

  it('reads the units a page at a time; Confirmar sends every unit, one never shown with its start (issue 31)', async () => {
    // 12 units: the table shows 10, the last two (one the dealer left out) are on page 2, never opened.
    const many = detail(3, 3, {
      countUnits: 12,
      units: Array.from({ length: 12 }, (_, i) => unit(601 + i, `3N1CD3AP6VL2134${String(i).padStart(2, '0')}`)).map(
        (u) => (u.id === 612 ? { ...u, included: false } : u),
      ),
    });
    const calls = open(3, 3, { details: [many] });
    await loaded();
    expect(screen.getByText('1–10 de 12')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/provisions/40')!.search).toBe('?units=none');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Incluir 3N1CD3AP6VL213400' }));
    fireEvent.click(button('Confirmar')!);
    expect(await screen.findByText('Disposición con folio 1040: Confirmada')).toBeTruthy();
    // The page's read without units, then Confirmar's read of every unit (then the page reads itself again).
    const reads = calls.filter((c) => c.method === 'GET' && c.path === '/api/provisions/40').map((c) => c.search);
    expect(reads.slice(0, 2)).toEqual(['?units=none', '?units=all']);
    const sent = (calls.find((c) => c.method === 'PUT')!.body as { units: { id: number; included: boolean }[] }).units;
    expect(sent).toHaveLength(12);
    expect(sent.filter((u) => !u.included).map((u) => u.id)).toEqual([601, 612]);
  });

  /** The administrator refused unit 501 after the page loaded (version 9): Confirmar meets 'Cambios encontrados'. */
  async function confirmOverAFreshReview() {
    const reviewed = detail(3, 3);
    const fresh = {
      ...reviewed,
      version: 9,
      units: reviewed.units.map((u) =>
        u.id === 501 ? { ...u, reviewAF: true, status: 2, comment: 'VIN no coincide' } : u,
      ),
    };
    const calls = open(3, 3, { details: [reviewed, fresh] });
    await loaded();
    fireEvent.click(button('Confirmar')!);
    const dialog = await screen.findByRole('dialog', { name: 'Cambios encontrados' });
    return { calls, dialog };
  }

  it('when the administrator reviewed again meanwhile, shows how many changed; No sends the ticks as entered', async () => {
    const { calls, dialog } = await confirmOverAFreshReview();
    expect(within(dialog).getByText(reviewChangesFound(1))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(await screen.findByText('Disposición con folio 1040: Confirmada')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      version: 9,
      units: [
        { id: 501, included: true },
        { id: 502, included: true },
        { id: 503, included: false },
      ],
    });
  });

  it('Sí in the changes-found dialog refreshes the table instead of sending', async () => {
    const { calls, dialog } = await confirmOverAFreshReview();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí' }));
    expect(await screen.findByText('VIN no coincide')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('on a 409 shows the server message and reads the provision again', async () => {
    const calls = open(3, 3, {
      put: apiError(409, 'STALE_VERSION', MESSAGES.staleVersion),
    });
    await loaded();
    fireEvent.click(button('Confirmar')!);
    expect(await screen.findByText(MESSAGES.staleVersion)).toBeTruthy();
    expect(screen.getByText(MESSAGES.errorTitle)).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/provisions/40').length).toBeGreaterThan(2),
    );
  });
});

describe('/vizualizar-disposicion/:id — the lender after the signature', () => {
  it('Liberar asks first, sends the version shown, says so and goes back to the list', async () => {
    const calls = open(3, 6);
    await loaded();
    fireEvent.click(button('Liberar')!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(PROVISION_LENDER_MESSAGES.released)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/provisions/40/release')!.body).toEqual({ version: 7 });
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByRole('heading', { name: 'Disposiciones' })).toBeTruthy();
  });

  it("Enviar a CRM asks for 'Inicio de la disposición' (today by default) and sends it as YYYY-MM-DD", async () => {
    const calls = open(3, 7);
    await loaded();
    fireEvent.click(button('Enviar a CRM')!);
    const dialog = await screen.findByRole('dialog', { name: 'Enviar a CRM' });
    const date = within(dialog).getByRole('group', { name: 'Inicio de la disposición' });
    // Today on the business's clock (Mexico City), as the dialog reads it: not the machine's UTC date.
    const today = businessToday(new Date());
    expect(date.textContent?.replace(/[^\d/]/g, '')).toBe(today.split('-').reverse().join('/'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(PROVISION_LENDER_MESSAGES.sentToCrm)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/provisions/40/send-crm')!.body).toEqual({
      approvedDate: today,
      version: 7,
    });
  });

  it('Actualizar folio refuses 0 with the spec message and saves a number', async () => {
    const calls = open(3, 6);
    await loaded();
    fireEvent.click(button('Actualizar folio')!);
    const dialog = await screen.findByRole('dialog', { name: 'Actualizar folio' });
    const field = within(dialog).getByRole('textbox', { name: 'Folio manual' });
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(PROVISION_LENDER_MESSAGES.updateFolioInvalid)).toBeTruthy();
    fireEvent.change(field, { target: { value: '5521' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(PROVISION_LENDER_MESSAGES.folioUpdated)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/provisions/40/update-folio')!.body).toEqual({
      manualFolio: 5521,
      version: 7,
    });
  });
});
