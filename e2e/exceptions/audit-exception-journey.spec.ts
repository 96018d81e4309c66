import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import {
  AUDIT_MESSAGES,
  FINANCING_MESSAGES,
  MESSAGES,
  businessClock,
  pendingAudits,
  provisionCreated,
} from '@planpiso/domain';
import { createDb } from '../../apps/api/src/db/client';
import { CREDITS, DEMO_CLIENT_NUMBERS } from '../../apps/simulators/src/fixtures/index';
import { DEMO_USERS } from '../support/demo';
import { e2eEnv } from '../support/env';
import { confirmAndRead, dialogsSettled, PNG, switchUser } from '../support/exceptions';
import { chooseNative, expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';
import { ARTIFACTS_DIR } from '../support/paths';
import { csvBytes, freshVin, openOperatingWindow } from '../support/provisions';
import { acceptSuccess, confirm, gridRow } from '../support/screens';
import { acceptSavePrompt } from '../support/units-review';

// Issue 18's journey across users: a suspending audit blocks the dealer, an exception (asked with evidence, observed
// by the operator, approved by the administrator) lifts the block, the dealer draws again; the audit is on the
// calendar and the dealer's inventory on /inventario. The audit is made non-suspending at the end (and, should the
// journey fail half way, by the after hook) so the provision journeys that follow are not blocked.

const journey = useBrowser();
const tag = Date.now().toString(36);
const AUDITOR = `Auditor Recorrido ${tag}`;
const DESCRIPTION = 'Auditoría física en curso: disposiciones suspendidas';

after(async () => {
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    await handle.db.execute(sql`update audits set is_suspended = false where auditor = ${AUDITOR}`);
  } finally {
    await handle.close();
  }
});

/** A full-page PNG under artifacts/screenshots/, once the open dialogs have finished fading in. */
async function shot(page: Page, name: string) {
  await dialogsSettled(page);
  const dir = join(ARTIFACTS_DIR, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/**
 * Crear Nuevo on /disposiciones (reached by switchUser): the 'Resultado de validación' dialog, once the server has
 * answered. No second page.goto here: two loads of a page in quick succession sometimes end on /login (an open
 * finding of this journey, not what it tests).
 */
async function preCheck(page: Page) {
  await expectPath(page, '/disposiciones');
  await page.getByRole('button', { name: 'Crear Nuevo' }).click();
  const dialog = page.getByRole('dialog', { name: FINANCING_MESSAGES.eligibilityTitle });
  const lines = dialog.getByRole('list', { name: FINANCING_MESSAGES.eligibilityTitle });
  await expectVisible(lines);
  return { dialog, lines: (await lines.getByRole('listitem').allInnerTexts()).map((line) => line.trim()) };
}

test('a suspending audit blocks the dealer until its exception is approved; the audit is on the calendar', () =>
  journey('audit-exception-journey', async (page) => {
    await openOperatingWindow();
    const today = businessClock(new Date()).day;
    const typedToday = `${today.slice(8, 10)}${today.slice(5, 7)}${today.slice(0, 4)}`;

    // Type 2 records a suspending audit of the dealer's company covering today.
    await signedIn(page, DEMO_USERS[2].email);
    await page.goto('/crear-auditoria');
    const form = page.getByRole('form', { name: 'Crear auditoría' });
    await expectVisible(form.getByText('Datos de la Auditoria', { exact: true }));
    await form.getByRole('textbox', { name: 'Auditor', exact: true }).fill(AUDITOR);
    await form.getByRole('textbox', { name: 'Descripción', exact: true }).fill(DESCRIPTION);
    const account = form.getByRole('combobox', { name: 'Cuenta' });
    if (!(await account.innerText()).includes('Grupo Automotriz del Norte')) {
      await account.click();
      await page.getByRole('option', { name: 'Grupo Automotriz del Norte' }).click();
    }
    await form.getByRole('combobox', { name: 'Compañía' }).click();
    await page.getByRole('option', { name: 'Autos del Norte', exact: true }).click();
    for (const label of ['Fecha inicio', 'Fecha fin']) {
      await form.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
      await page.keyboard.type(typedToday);
    }
    await form.getByRole('radio', { name: 'Si' }).check();
    await shot(page, 'journey-audit-form');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await confirm(page, AUDIT_MESSAGES.confirmCreate);
    await acceptSuccess(page, AUDIT_MESSAGES.saved);
    await expectPath(page, '/auditorias');

    // Type 5 presses Crear Nuevo and is blocked by the audit (whatever an earlier journey left as latest exception).
    await switchUser(page, DEMO_USERS[5].email, '/disposiciones');
    const blocked = await preCheck(page);
    assert.ok(blocked.lines.includes(pendingAudits(1)), `the audit is counted in ${JSON.stringify(blocked.lines)}`);
    assert.match(blocked.lines.at(-1)!, new RegExp(`${FINANCING_MESSAGES.cannotProvision}$`));
    assert.equal(await blocked.dialog.getByRole('button', { name: 'Continuar' }).count(), 0, 'no way on');
    await shot(page, 'journey-precheck-blocked');
    await blocked.dialog.getByRole('button', { name: 'Aceptar' }).click();
    await blocked.dialog.waitFor({ state: 'detached' });

    // It asks for an exception with evidence.
    await page.getByRole('button', { name: 'Solicitar Excepción' }).click();
    const ask = page.getByRole('dialog', { name: 'Solicitar Excepción' });
    await ask.getByLabel('Comentario').fill(`Auditoría ${tag} en curso, pedimos disponer`);
    await ask.getByLabel('Evidencia').setInputFiles({ name: 'acta-auditoria.png', mimeType: 'image/png', buffer: PNG });
    await ask.getByRole('button', { name: 'Enviar' }).click();
    const sent = page.getByRole('dialog', { name: MESSAGES.actionSucceeded });
    const text = (await sent.getByText(/folio \d+/).innerText()).trim();
    const folio = /folio (\d+)/.exec(text)?.[1];
    assert.ok(folio, `a folio in "${text}"`);
    await sent.getByRole('button', { name: 'Aceptar' }).click();
    await page.goto('/excepciones');
    await expectVisible(page.getByRole('gridcell', { name: folio, exact: true }));
    await shot(page, 'journey-exceptions-type-5');

    // Type 3 sends its observations: Visto bueno Si, with evidence.
    await switchUser(page, DEMO_USERS[3].email, '/excepciones');
    await expectVisible(page.getByRole('button', { name: `Enviar ${folio}` }));
    await shot(page, 'journey-exceptions-type-3');
    await page.getByRole('button', { name: `Enviar ${folio}` }).click();
    const observe = page.getByRole('dialog', { name: new RegExp(FINANCING_MESSAGES.exceptionObservations) });
    await observe.getByLabel('Comentario').fill('Auditoría verificada, procede la excepción');
    await observe.getByLabel('Si').check();
    await observe.getByLabel('Evidencia').setInputFiles({ name: 'revision.png', mimeType: 'image/png', buffer: PNG });
    await observe.getByRole('button', { name: 'Enviar' }).click();
    await confirmAndRead(page, FINANCING_MESSAGES.exceptionReviewed);
    await page.getByRole('button', { name: `Enviar ${folio}` }).waitFor({ state: 'detached' });

    // Type 2 reads the observations and approves.
    await switchUser(page, DEMO_USERS[2].email, '/excepciones');
    await expectVisible(page.getByRole('button', { name: `Ver ${folio}` }));
    await shot(page, 'journey-exceptions-type-2');
    await page.getByRole('button', { name: `Ver ${folio}` }).click();
    const view = page.getByRole('dialog', { name: FINANCING_MESSAGES.exceptionViewRequest });
    await expectVisible(view.getByText('Auditoría verificada, procede la excepción'));
    await view.getByRole('button', { name: FINANCING_MESSAGES.exceptionApprove }).click();
    const approve = page.getByRole('dialog', { name: new RegExp(FINANCING_MESSAGES.exceptionApprove) });
    await approve.getByRole('button', { name: FINANCING_MESSAGES.exceptionApprove }).click();
    await confirmAndRead(page, FINANCING_MESSAGES.exceptionApprovedMessage);
    await approve.waitFor({ state: 'detached' });

    // Type 5 passes the pre-check: the audit still counts, the approved exception lets it draw.
    await switchUser(page, DEMO_USERS[5].email, '/disposiciones');
    const passed = await preCheck(page);
    assert.deepEqual(passed.lines, [pendingAudits(1), FINANCING_MESSAGES.latestExceptionApproved]);
    await shot(page, 'journey-precheck-passed');
    await passed.dialog.getByRole('button', { name: 'Continuar' }).click();
    await expectPath(page, '/crear-disposicion');

    // ...and creates a provision of one unit.
    await expectVisible(page.getByRole('heading', { name: 'Empresa' }));
    await chooseNative(page, 'Representante legal', 'Ramón Representante');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    const vin = freshVin();
    const row = {
      agency: 'León',
      brand: 'Nissan',
      type: 'Versa',
      model: '2027',
      description: 'VERSA SENSE MT 1.6L',
      color: 'Blanco',
      insideColor: 'Negro',
      vin,
      motor: 'HR16-850009E',
      amount: '10000',
    };
    await page
      .getByLabel('Archivo CSV')
      .setInputFiles({ name: 'excepcion.csv', mimeType: 'text/csv', buffer: csvBytes([row]) });
    await expectVisible(page.getByText('1 unidad cargada de excepcion.csv'));
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await chooseNative(page, 'Línea de crédito', /LC-10001-01/);
    await expectVisible(page.getByText('1 de 1 unidad seleccionada'));
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Requisición finalizada' }));
    const created = page.waitForResponse((r) => r.url().endsWith('/api/provisions') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await acceptSavePrompt(page);
    const { data: saved } = (await (await created).json()) as { data: { folio: string } };
    const result = page.getByRole('dialog', { name: MESSAGES.actionSucceeded });
    await expectVisible(result.getByText(provisionCreated(saved.folio)));
    await result.getByRole('button', { name: 'Aceptar' }).click();
    await expectPath(page, '/disposiciones');

    // The audit is on this month's calendar, titled folio-auditor, with its description.
    await switchUser(page, DEMO_USERS[2].email, '/cambiar-vista-calendario');
    const calendar = page.getByRole('region', { name: 'Calendario de auditorías' });
    const title = calendar.locator('strong').filter({ hasText: AUDITOR });
    await expectVisible(title);
    const eventTitle = (await title.innerText()).trim();
    const auditFolio = eventTitle.slice(0, eventTitle.indexOf('-'));
    assert.equal(eventTitle, `${auditFolio}-${AUDITOR}`);
    await expectVisible(title.locator('..').getByText(DESCRIPTION));
    await shot(page, 'journey-calendar');

    // Type 4 sees its company's credit inventory.
    await switchUser(page, DEMO_USERS[4].email, '/');
    const company = (await page.getByRole('combobox', { name: 'Compañía' }).innerText()).trim();
    const client =
      company === 'Camiones del Norte' ? DEMO_CLIENT_NUMBERS.camionesDelNorte : DEMO_CLIENT_NUMBERS.autosDelNorte;
    const first = CREDITS.filter((c) => c.numeroCliente === client).sort((a, b) =>
      a.noCredito.localeCompare(b.noCredito),
    )[0]!;
    await page.goto('/inventario');
    await expectVisible(gridRow(page, 'Inventario', first.noCredito).getByText(first.vin, { exact: true }));
    await page.mouse.move(1000, 780);
    await shot(page, 'journey-inventory-type-4');

    // Type 2 ends the suspension; the dealer is free again without any exception.
    await switchUser(page, DEMO_USERS[2].email, '/auditorias');
    const auditRow = gridRow(page, 'Auditorías', 'Autos del Norte').filter({
      has: page.getByRole('gridcell', { name: auditFolio, exact: true }),
    });
    await auditRow.getByRole('button', { name: `Editar auditoría ${auditFolio}` }).click();
    const edit = page.getByRole('form', { name: 'Editar auditoría' });
    await expectVisible(edit.getByRole('radio', { name: 'Si', checked: true }));
    await edit.getByRole('radio', { name: 'No' }).check();
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await confirm(page, AUDIT_MESSAGES.confirmEdit);
    await acceptSuccess(page, AUDIT_MESSAGES.updated);
    await switchUser(page, DEMO_USERS[5].email, '/disposiciones');
    assert.deepEqual((await preCheck(page)).lines, [FINANCING_MESSAGES.canProvision]);
  }));
