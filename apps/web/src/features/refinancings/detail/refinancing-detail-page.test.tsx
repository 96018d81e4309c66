// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  REFINANCING_MESSAGES,
  refinancingActionsFor,
  type RefinancingFollowUpDetail,
  type UserType,
} from '@planpiso/domain';
import '../../../test/dom';
import { apiError, mockApi, type MockReply } from '../../../test/mock-api';
import { columnHeaders, preloadScreen, renderApp } from '../../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../../test/session-fixtures';

preloadScreen(() => import('./refinancing-detail-page'));

type Detail = RefinancingFollowUpDetail;
type Unit = Detail['units'][number];

const unit = (id: number, vinNumber: string, overrides: Partial<Unit> = {}): Unit => ({
  id,
  sourceUnitId: 900 + id,
  vinNumber,
  agency: 'León',
  brandName: 'Nissan',
  type: 'Sedan',
  model: '2025',
  description: 'VERSA',
  color: 'Azul',
  insideColor: 'Gris',
  motorNumber: `M-${id}`,
  deadlines: 2,
  validRepuve: true,
  validTransunion: true,
  validAx: true,
  status: 0,
  comment: '',
  amount: '150000.25',
  isSold: false,
  createdAt: '2026-11-20T10:00:00Z',
  evidenceCount: 1,
  ...overrides,
});

const detail = (
  type: UserType,
  status: number,
  overrides: Partial<Detail> & { requireEvidences?: boolean; adminValidated?: boolean } = {},
): Detail => {
  const requireEvidences = overrides.requireEvidences ?? true;
  const adminValidated = overrides.adminValidated ?? false;
  return {
    id: 60,
    folio: '2060',
    manualFolio: null,
    useManualFolio: false,
    total: '250000.75',
    status,
    company: { id: 11, name: 'Autos del Norte', clientId: '10001' },
    agency: { id: 7, name: 'León' },
    legalPerson: { id: 104, name: 'Ramón Representante' },
    creditLine: 'LC-10001-01',
    deadlines: 2,
    requireEvidences,
    units: [
      unit(601, '3N1CD3AP6VL213384'),
      // TransUnion failed: only the administrator's Sí (status 1) lets it be ticked.
      unit(602, '3N1AB8DV2VL119619', { validTransunion: false, amount: '100000.50' }),
    ],
    createdAt: '2026-11-20T10:00:00Z',
    version: 4,
    actions: refinancingActionsFor(type, { status, requireEvidences, adminValidated }),
    adminValidated,
    balances: { remaining: '149999.25', available: '400000.00', known: true },
    documents: [],
    approvedDate: null,
    ...overrides,
  };
};

/** `shown` is what GET answers until an action answers another detail (the server's state after it). */
function open(type: UserType, shown: Detail, handlers: Record<string, MockReply | (() => MockReply)> = {}) {
  storeSession(sessionUserOf(type));
  let current = shown;
  const acting = Object.fromEntries(
    Object.entries(handlers).map(([key, handler]) => [
      key,
      () => {
        const reply = typeof handler === 'function' ? handler() : handler;
        const data = (reply.body as { data?: unknown } | undefined)?.data;
        if (
          !key.startsWith('GET') &&
          (reply.status ?? 200) < 300 &&
          data &&
          typeof data === 'object' &&
          'actions' in data
        )
          current = data as Detail;
        return reply;
      },
    ]),
  );
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/refinancings/60': () => ({ body: { data: current } }),
    'GET /api/refinancings/60/units/601/evidences': { body: { data: { evidences: [] } } },
    ...acting,
  });
  renderApp('/refinanciamientos/60');
  return calls;
}

const loaded = () => screen.findByRole('heading', { name: 'N° de Refinanciamiento 2060' });
const button = (name: string) => screen.queryByRole('button', { name });
const actionButtons = () =>
  within(screen.getByRole('region', { name: 'Acciones' }))
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('/refinanciamientos/:id — what the page shows', () => {
  it('shows the refinancing, its status name, its line, balances and the units table of spec 3 §2', async () => {
    open(3, detail(3, 3, { units: [unit(601, '3N1CD3AP6VL213384', { status: 2, comment: 'Foto borrosa' })] }));
    await loaded();
    expect(screen.getByText('Validación Administrador')).toBeTruthy();
    for (const text of ['Autos del Norte', 'León', 'Ramón Representante', 'LC-10001-01', 'Plazo - 2'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    // The create page's labels and rule (issue 26): Saldo restante = Saldo disponible − Monto total, never above it.
    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Saldo disponible')).toBe('$400,000.00');
    expect(figure('Monto total')).toBe('$250,000.75');
    expect(figure('Saldo restante')).toBe('$149,999.25'); // type 3 sees it
    const table = screen.getByRole('table', { name: 'Unidades del refinanciamiento' });
    expect(columnHeaders(table)).toEqual([
      'Incluir',
      'N° VIN',
      'Sucursal de Asignación',
      'Marca',
      'Tipo de unidad',
      'Año Modelo',
      'Descripción',
      'Color Exterior',
      'Color Interior',
      'N° Motor',
      'Plazo',
      'REPUVE',
      'TransUnion',
      'AX',
      'Admin. FinBe',
      'Monto',
      'Acciones',
    ]);
    expect(within(table).getByText('$150,000.25')).toBeTruthy();
    expect(within(table).getByTitle('Admin. FinBe: no válida')).toBeTruthy();
    expect(within(table).getByText('Foto borrosa')).toBeTruthy();
  });

  it('hides the remaining balance and the checkboxes from the dealer', async () => {
    open(5, detail(5, 1));
    await loaded();
    expect(screen.queryByText('Saldo restante')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Incluir 3N1CD3AP6VL213384' })).toBeNull();
  });
});

describe('/refinanciamientos/:id — the buttons follow the server’s actions', () => {
  it.each<[UserType, number, boolean, boolean, string[]]>([
    [5, 1, true, false, ['Evidencia completa']],
    [5, 1, false, false, ['Enviar a FinBe']],
    [2, 3, true, false, ['Validar unidades', 'Confirmar']],
    [3, 3, true, true, ['Rechazar', 'Aceptar', 'Descargar XLSX']],
    [5, 4, true, true, ['Enviar', 'Enviar a firma']],
    [3, 6, true, true, ['Actualizar folio', 'Descargar XLSX', 'Liberar', 'Enviar a CRM']],
  ])(
    'type %i at status %i (evidences %s, validated %s): %j',
    async (type, status, requireEvidences, adminValidated, names) => {
      open(type, detail(type, status, { requireEvidences, adminValidated }));
      await loaded();
      expect(actionButtons()).toEqual(names);
    },
  );

  it.each([
    [5, true],
    [6, true],
    [7, false],
  ])('type 4 at status %i: Firmar documentos leads to the in-app signing page (%s)', async (status, shown) => {
    open(4, detail(4, status));
    await loaded();
    const link = screen.queryByRole('link', { name: 'Firmar documentos' });
    expect(link?.getAttribute('href') ?? null).toBe(shown ? '/firmar-refinanciamiento/60' : null);
  });

  it('shows no button the actions do not list, whatever the status', async () => {
    open(5, detail(5, 1, { actions: [] }));
    await loaded();
    expect(button('Evidencia completa')).toBeNull();
    expect(button('Enviar a FinBe')).toBeNull();
  });

  it('Evidencia completa sends status 3 with the version shown, and shows the server’s answer', async () => {
    const moved = detail(5, 3, { version: 5 });
    const calls = open(5, detail(5, 1), {
      'PATCH /api/refinancings/60/set-status': {
        body: { data: moved, message: 'Refinanciamiento actualizado correctamente' },
      },
    });
    await loaded();
    fireEvent.click(button('Evidencia completa')!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Refinanciamiento actualizado correctamente')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ status: 3, version: 4 });
    expect(screen.getByText('Validación Administrador')).toBeTruthy();
  });

  it('shows the server’s refusal in the result dialog', async () => {
    open(5, detail(5, 1), {
      'PATCH /api/refinancings/60/set-status': apiError(
        422,
        'REFINANCING_RULE',
        REFINANCING_MESSAGES.evidenceIncomplete,
      ),
    });
    await loaded();
    fireEvent.click(button('Evidencia completa')!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(REFINANCING_MESSAGES.evidenceIncomplete)).toBeTruthy();
    expect(screen.getByText(MESSAGES.errorTitle)).toBeTruthy();
  });
});

describe('/refinanciamientos/:id — Validar unidades (type 2)', () => {
  it('requires a comment on No, then saves every answer with the version shown', async () => {
    const calls = open(2, detail(2, 3), {
      'PATCH /api/refinancings/60/confirm-units': {
        body: { data: detail(2, 3, { version: 5 }), message: REFINANCING_MESSAGES.unitsUpdated },
      },
    });
    await loaded();
    fireEvent.click(button('Validar unidades')!);
    const dialog = await screen.findByRole('dialog', { name: 'Validar unidades' });
    const first = within(dialog).getByRole('region', { name: 'Unidad 3N1CD3AP6VL213384' });
    const second = within(dialog).getByRole('region', { name: 'Unidad 3N1AB8DV2VL119619' });
    expect(within(first).getByText(REFINANCING_MESSAGES.evidencesQuestion)).toBeTruthy();
    expect(within(first).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(first).getByRole('radio', { name: 'No' }));
    fireEvent.click(within(second).getByRole('radio', { name: 'Sí' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(first).findByText(REFINANCING_MESSAGES.commentRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(within(first).getByRole('textbox', { name: /Comentario/ }), {
      target: { value: 'La foto no muestra el VIN' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(REFINANCING_MESSAGES.unitsUpdated)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      version: 4,
      units: [
        {
          id: 601,
          validAx: true,
          validRepuve: true,
          validTransunion: true,
          status: 2,
          comment: 'La foto no muestra el VIN',
        },
        { id: 602, validAx: true, validRepuve: true, validTransunion: false, status: 1, comment: '' },
      ],
    });
  });
});

describe('/refinanciamientos/:id — Aceptar (type 3)', () => {
  const validated = () =>
    detail(3, 3, {
      adminValidated: true,
      units: [
        unit(601, '3N1CD3AP6VL213384', { status: 1 }),
        unit(602, '3N1AB8DV2VL119619', { validTransunion: false, amount: '100000.50', status: 2, comment: 'No' }),
      ],
    });

  it('starts the total at 0.00, refuses a unit the rules do not let be ticked, and sends the ticks, total and folio', async () => {
    const calls = open(3, validated(), {
      'POST /api/refinancings/60/accept': {
        body: { data: detail(3, 4, { version: 5 }), message: 'Refinanciamiento con folio 2060: Aceptado' },
      },
    });
    await loaded();
    const summary = screen.getByRole('region', { name: 'Datos del refinanciamiento' });
    expect(within(summary).getByText('$0.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Incluir 3N1AB8DV2VL119619' }));
    expect(await screen.findByText(REFINANCING_MESSAGES.unitNotValidated('3N1AB8DV2VL119619'))).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Incluir 3N1CD3AP6VL213384' }));
    expect(within(summary).getByText('$150,000.25')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Folio manual' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Número de folio manual' }), { target: { value: '778' } });
    fireEvent.click(button('Aceptar')!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Refinanciamiento con folio 2060: Aceptado')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/refinancings/60/accept')!.body).toEqual({
      version: 4,
      units: [
        { id: 601, comment: '', status: 1 },
        { id: 602, comment: 'No', status: 2 },
      ],
      total: '150000.25',
      useManualFolio: true,
      manualFolio: '778',
    });
  });

  it('refuses Aceptar with no unit ticked and sends nothing', async () => {
    const calls = open(3, validated());
    await loaded();
    fireEvent.click(button('Aceptar')!);
    expect(await screen.findByText(MESSAGES.selectAtLeastOneUnit)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('/refinanciamientos/:id — the evidence dialog', () => {
  it.each<[UserType, number, boolean, string, boolean]>([
    [5, 1, true, 'Cargar Evidencia', true],
    [5, 2, true, 'Cargar Evidencia', true],
    [3, 2, true, 'Cargar Evidencia', true],
    // Issue 26: created with evidences = No, the dealer is not offered the upload (spec 3 §4).
    [5, 1, false, 'Evidencia', false],
    [3, 1, false, 'Cargar Evidencia', true],
    [5, 3, true, 'Evidencia', false],
    [2, 3, true, 'Evidencia', false],
    [3, 4, true, 'Evidencia', false],
  ])(
    'type %i at status %i (evidences %s): titled %s (upload: %s)',
    async (type, status, requireEvidences, title, upload) => {
      open(type, detail(type, status, { requireEvidences }));
      await loaded();
      expect(screen.queryAllByRole('button', { name: /^Cargar Evidencia/ }).length > 0).toBe(upload);
      fireEvent.click(screen.getByRole('button', { name: `${title} 3N1CD3AP6VL213384` }));
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(await within(dialog).findByText('No hay registros para mostrar')).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: 'Agregar evidencia' }) !== null).toBe(upload);
    },
  );

  it('uploads the chosen file to the unit and shows it', async () => {
    let uploaded = false;
    const evidence = {
      id: 1,
      unitId: 601,
      fileId: 77,
      fileName: 'factura.png',
      fileSize: 2048,
      extension: 'png',
      type: 8,
      url: '/api/refinancings/60/evidences/1/file',
      createdAt: '2026-11-24T10:00:00Z',
    };
    open(5, detail(5, 1), {
      'GET /api/refinancings/60/units/601/evidences': () => ({
        body: { data: { evidences: uploaded ? [evidence] : [] } },
      }),
      'POST /api/refinancings/60/units/601/evidences': () => {
        uploaded = true;
        return { body: { data: evidence } };
      },
    });
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Cargar Evidencia 3N1CD3AP6VL213384' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cargar Evidencia' });
    const file = new File(['png'], 'factura.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Archivo de evidencia'), { target: { files: [file] } });
    await waitFor(() => expect(within(dialog).getByText('factura.png')).toBeTruthy());
  });
});
