// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FINANCING_MESSAGES, MESSAGES } from '@planpiso/domain';
import { createAppRoutes } from '../../app/routes';
import '../../test/dom';
import { mockApi, type ApiCall } from '../../test/mock-api';
import { preloadScreen, renderApp } from '../../test/render-app';
import { LEON_USERS_AGENCIES, storeLeonOperatorSession } from '../../test/dealer-fixtures';
import { sessionCheck } from '../../test/session-fixtures';

preloadScreen(() => import('./create-provision-page'));

const HEADER = 'SUCURSAL,MARCA,TIPO UNIDAD,MODELO/YEAR,DESCRIPCION,COLOR EXTERNO,COLOR INTERNO,VIN,MOTOR,VALOR TOTAL';
const GOOD = [
  'León,Nissan,Versa,2027,VERSA ADVANCE CVT,Azul Marino Metálico,Gris,3N1CD3AP6VL213384,HR16-850008E,376600',
  'León,Nissan,Sentra,2027,SENTRA EXCLUSIVE,Gris Titanio,Beige,3N1AB8DV2VL119619,MR20-636028D,551100.50',
];

/** The text as a Spanish Excel saves it: windows-1252, CRLF. */
function windows1252(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([...text].map((c) => (c.charCodeAt(0) <= 0xff ? c.charCodeAt(0) : 0x3f)));
}

type Options = { allowed?: boolean; lines?: unknown[]; state?: unknown };

function open({ allowed = true, lines, state }: Options = {}): ApiCall[] {
  storeLeonOperatorSession();
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/configuration/operating-window': {
      body: {
        data: allowed
          ? { allowed: true, message: null, day: '2026-11-24' }
          : { allowed: false, message: 'Día inhábil: Revolución Mexicana', day: '2026-11-24' },
      },
    },
    'GET /api/companies/11/users-agencies': LEON_USERS_AGENCIES,
    'GET /api/external/clients/10001/credit-lines': {
      body: {
        data: lines ?? [
          {
            lineaCredito: 'LC-10001-01',
            tipoDispLinea: '100000000',
            montoRestante: '6000000.00',
            reservado: '1000000.00',
            disponible: '5000000.00',
            plazos: '1|2|3|6',
            terms: [1, 2, 3, 6],
            tienesSaldosPendientes: false,
          },
        ],
      },
    },
    'POST /api/provisions/create/withUnitsExistits': {
      status: 201,
      body: {
        data: { id: 10, folio: '1010', status: 1 },
        message: 'Disposición con folio 1010 generada exitosamente.',
      },
    },
    'POST /api/provisions/create-send': {
      status: 201,
      body: {
        data: { id: 11, folio: '1011', status: 2 },
        message: 'Disposición con folio 1011 generada exitosamente.',
      },
    },
    'POST /api/provisions': {
      status: 201,
      body: { data: { id: 9, folio: '1009', status: 1 }, message: 'Disposición con folio 1009 generada exitosamente.' },
    },
  });
  if (state) {
    const router = createMemoryRouter(createAppRoutes(), {
      initialEntries: [{ pathname: '/crear-disposicion', state }],
    });
    render(<RouterProvider router={router} />);
  } else renderApp('/crear-disposicion');
  return calls;
}

/** Chooses `option` in the select named `label`: a native one (step 1's records, the line, the term) or MUI's. */
async function pick(label: string, option: string) {
  const select = await screen.findByRole('combobox', { name: new RegExp(label) });
  if (select instanceof HTMLSelectElement) {
    const choice = await within(select).findByRole('option', { name: option });
    fireEvent.change(select, { target: { value: (choice as HTMLOptionElement).value } });
    return;
  }
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** The text a select shows: a native select's chosen option, MUI's rendered value. */
const shownIn = (select: HTMLElement) =>
  select instanceof HTMLSelectElement ? (select.selectedOptions[0]?.textContent ?? '') : select.textContent;

function upload(lines: string[], name = 'unidades.csv') {
  const input = screen.getByLabelText('Archivo CSV');
  const file = new File([windows1252([HEADER, ...lines].join('\r\n'))], name, { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [file] } });
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));

describe('/crear-disposicion', () => {
  it('creates a provision from a windows-1252 CSV: company preselected, single line preselected, longest term, only ticked units', async () => {
    const calls = open();
    await screen.findByRole('combobox', { name: /Empresa/ });
    expect(shownIn(screen.getByRole('combobox', { name: /Empresa/ }))).toContain('Autos del Norte');
    await pick('Representante legal', 'Ramón Representante');
    next();

    await screen.findByRole('heading', { name: 'CSV' });
    upload(GOOD);
    expect(await screen.findByText('2 unidades cargadas de unidades.csv')).toBeTruthy();
    next();

    await screen.findByRole('heading', { name: 'Unidades' });
    // The accents of windows-1252 arrive intact.
    expect(await screen.findByText('Azul Marino Metálico')).toBeTruthy();
    await waitFor(() =>
      expect(shownIn(screen.getByRole('combobox', { name: /Línea de crédito/ }))).toContain('LC-10001-01'),
    );
    expect(shownIn(screen.getByRole('combobox', { name: /Plazo/ }))).toBe('Plazo - 6');
    expect(screen.getByText('$5,000,000.00')).toBeTruthy();
    expect(screen.getByText('$927,700.50')).toBeTruthy(); // both auto-marked
    fireEvent.click(screen.getByRole('checkbox', { name: 'Incluir 3N1AB8DV2VL119619' }));
    expect(screen.getByText('$376,600.00', { selector: 'dd' })).toBeTruthy();
    next();

    await screen.findByRole('heading', { name: 'Requisición finalizada' });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Disposición con folio 1009 generada exitosamente.')).toBeTruthy();

    const save = calls.find((c) => c.method === 'POST' && c.path === '/api/provisions')!;
    expect(save.idempotencyKey).toBeTruthy();
    expect(save.body).toMatchObject({
      companyId: 11,
      agencyId: 7,
      legalId: 104,
      creditLine: 'LC-10001-01',
      deadlines: 6,
      total: '376600.00',
      units: [{ vinNumber: '3N1CD3AP6VL213384', agency: 'León', color: 'Azul Marino Metálico', model: '2027' }],
    });
  });

  it('refuses a CSV with errors whole, grouped under La fila N: in Ocurio un error', async () => {
    open();
    await pick('Representante legal', 'Ramón Representante');
    next();
    await screen.findByRole('heading', { name: 'CSV' });
    upload([GOOD[0]!, 'León,Nissan,Versa,20270,VERSA,Rojo,Gris,SHORT,HR16,0', 'solo,tres,columnas']);
    const dialog = await screen.findByRole('dialog', { name: FINANCING_MESSAGES.csvErrorTitle });
    expect(within(dialog).getByText('La fila 3:')).toBeTruthy();
    expect(
      within(dialog).getByText('La columna MODELO/YEAR excede el número de caracteres permitidos {4}'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('La columna VIN no se encuentra en el rango de caracteres permitidos {17-23}'),
    ).toBeTruthy();
    expect(within(dialog).getByText('La fila 4:')).toBeTruthy();
    expect(within(dialog).getByText(FINANCING_MESSAGES.csvColumnCount)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    // Nothing of the file was kept.
    expect(screen.queryByText(/cargadas de/)).toBeNull();
  });

  it('refuses another extension and keeps step 1 until its required fields are chosen', async () => {
    open();
    await screen.findByRole('combobox', { name: /Representante legal/ });
    next();
    const refused = await screen.findByRole('dialog', { name: MESSAGES.errorTitle });
    expect(within(refused).getByText(FINANCING_MESSAGES.requiredFields)).toBeTruthy();
    fireEvent.click(within(refused).getByRole('button', { name: 'Aceptar' }));
    await pick('Representante legal', 'Ramón Representante');
    next();
    await screen.findByRole('heading', { name: 'CSV' });
    upload(GOOD, 'unidades.xlsx');
    const dialog = await screen.findByRole('dialog', { name: FINANCING_MESSAGES.csvErrorTitle });
    expect(within(dialog).getByText(FINANCING_MESSAGES.extensionNotAllowed)).toBeTruthy();
  });

  it('with several lines asks for one before a unit is ticked', async () => {
    const line = (id: string) => ({
      lineaCredito: id,
      tipoDispLinea: '100000000',
      montoRestante: '100.00',
      reservado: '0.00',
      disponible: '100.00',
      plazos: '1',
      terms: [1],
      tienesSaldosPendientes: false,
    });
    open({ lines: [line('LC-A'), line('LC-B')] });
    await pick('Representante legal', 'Ramón Representante');
    next();
    await screen.findByRole('heading', { name: 'CSV' });
    upload(GOOD);
    await screen.findByText(/cargadas de/);
    next();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Incluir 3N1CD3AP6VL213384' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.errorTitle });
    expect(within(dialog).getByText(FINANCING_MESSAGES.selectCreditLine)).toBeTruthy();
  });

  it('says so before the user types when the operating window is closed', async () => {
    open({ allowed: false });
    expect(await screen.findByText('Día inhábil: Revolución Mexicana')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Sucursal/ })).toBeNull();
  });

  const reviewUnits = [
    {
      id: 77,
      model: '2026',
      motorNumber: 'HR16-976495A',
      vinNumber: '3N1CD3AP6TL213754',
      color: 'Rojo Pasión',
      amount: '417000.00',
      createdAt: '2026-11-20T10:00:00Z',
      comment: 'Factura ilegible',
      agency: 'León',
      brandName: 'Nissan',
      type: 'Versa',
      description: 'VERSA ADVANCE',
      insideColor: 'Gris',
    },
  ];

  it('review mode: no stepper, no back, the units flagged under review, saved from their ids', async () => {
    const calls = open({ state: { reviewUnits } });
    expect(await screen.findByText('En revisión')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Pasos de la disposición' })).toBeNull();
    const wizard = within(screen.getByRole('region', { name: 'Crear disposición' }));
    expect(wizard.queryByRole('button', { name: 'Regresar' })).toBeNull();
    expect(wizard.queryByRole('button', { name: 'Siguiente' })).toBeNull();
    await pick('Representante legal', 'Ramón Representante');
    await waitFor(() => expect(screen.getByText('1 de 1 unidad seleccionada')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Disposición con folio 1010 generada exitosamente.')).toBeTruthy();
    const save = calls.find((c) => c.path === '/api/provisions/create/withUnitsExistits')!;
    expect(save.body).toMatchObject({ reviewUnits: true, total: '417000.00', units: [{ id: 77, agency: 'León' }] });
  });

  it('review mode offers the last step’s save-and-send too: create-send with reviewUnits (issue 26 §6)', async () => {
    const calls = open({ state: { reviewUnits } });
    expect(await screen.findByText('En revisión')).toBeTruthy();
    await pick('Representante legal', 'Ramón Representante');
    await waitFor(() => expect(screen.getByText('1 de 1 unidad seleccionada')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y enviar' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText('¿Seguro que desea guardar la disposición y enviarla a validar?')).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Disposición con folio 1011 generada exitosamente.')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/provisions/create-send')!;
    expect(sent.body).toMatchObject({ reviewUnits: true, total: '417000.00', units: [{ id: 77 }] });
    expect(calls.some((c) => c.path === '/api/provisions/create/withUnitsExistits')).toBe(false);
  });
});
