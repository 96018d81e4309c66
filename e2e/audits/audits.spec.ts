import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUSINESS_TIME_ZONE, AUDIT_MESSAGES } from '@planpiso/domain';
import { fillAuditForm } from '../support/audits';
import { expectNoAxeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';
import { acceptSuccess, confirm, gridRow } from '../support/screens';

const journey = useBrowser();
const GRID = 'Auditorías';

/** The 15th of next month (Mexico City): a one-day audit no other journey's dealer meets today. */
function nextMonthDay(): { typed: string; shown: string; monthTitle: RegExp } {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE })
    .format(new Date())
    .split('-')
    .map(Number);
  const next = new Date(Date.UTC(year!, month!, 15));
  const mm = String(next.getUTCMonth() + 1).padStart(2, '0');
  const yyyy = String(next.getUTCFullYear());
  const monthName = new Intl.DateTimeFormat('es-MX', { month: 'long', timeZone: 'UTC' }).format(next);
  return { typed: `15${mm}${yyyy}`, shown: `15/${mm}/${yyyy}`, monthTitle: new RegExp(`${monthName}.*${yyyy}`, 'i') };
}

test('type 2 creates a suspending audit, finds it in the list and on the calendar, then lifts the suspension', () =>
  journey('audits', async (page) => {
    const tag = Date.now().toString(36);
    const auditor = `Auditor E2E ${tag}`;
    const day = nextMonthDay();
    await signedIn(page, DEMO_USERS[2].email);
    await page.goto('/auditorias');
    await expectVisible(page.getByRole('grid', { name: GRID }));
    await page.getByRole('button', { name: 'Crear Nuevo' }).click();
    await expectPath(page, '/crear-auditoria');

    const form = page.getByRole('form', { name: 'Crear auditoría' });
    await expectVisible(form.getByText('Datos de la Auditoria', { exact: true }));
    await fillAuditForm(page, form, auditor, day.typed);
    await form.getByRole('radio', { name: 'Si' }).check();
    await screenshot(page, 'audit-form');
    await expectNoAxeViolations(page, '/crear-auditoria');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await confirm(page, AUDIT_MESSAGES.confirmCreate);
    await acceptSuccess(page, AUDIT_MESSAGES.saved);
    await expectPath(page, '/auditorias');

    // The calendar: next month, reached with the keyboard, shows the one-day event 'folio-auditor'.
    await page.getByRole('button', { name: 'Cambiar Vista' }).click();
    await expectPath(page, '/cambiar-vista-calendario');
    const calendar = page.getByRole('region', { name: 'Calendario de auditorías' });
    const next = calendar.getByRole('button', { name: /siguiente/i });
    await next.focus();
    await page.keyboard.press('Enter');
    await expectVisible(calendar.getByText(day.monthTitle));
    // The event's content (our eventContent): the title in bold, the description under it.
    const title = calendar.locator('strong').filter({ hasText: auditor });
    await expectVisible(title);
    const text = (await title.innerText()).trim();
    const folio = text.slice(0, text.indexOf('-'));
    assert.match(folio, /^\d+$/);
    assert.equal(text, `${folio}-${auditor}`, 'the event is titled folio-auditor');
    const event = title.locator('..');
    await expectVisible(event.getByText('Revisión física del inventario en piso'));
    const box = await event.boundingBox();
    const region = await calendar.boundingBox();
    assert.ok(box && region && box.width < (region.width / 7) * 1.5, 'a one-day audit spans one day');
    await screenshot(page, 'audit-calendar');
    await expectNoAxeViolations(page, '/cambiar-vista-calendario');
    // The week view: the time grid with its all-day row ('Todo el día' in the Spanish locale).
    await calendar.getByText('Semana', { exact: true }).click();
    await expectVisible(calendar.getByText(/Todo\s*el día/).first());
    await page.getByRole('link', { name: 'Volver a auditorías' }).click();
    await expectPath(page, '/auditorias');

    const row = gridRow(page, GRID, 'Camiones del Norte')
      .filter({ hasText: day.shown })
      .filter({
        has: page.getByRole('gridcell', { name: folio, exact: true }),
      });
    await expectVisible(row.getByText('Desactivado', { exact: true }));
    await row.getByRole('button', { name: `Editar auditoría ${folio}` }).click();
    await page.waitForURL(/\/editar-auditoria\/\d+$/);
    const edit = page.getByRole('form', { name: 'Editar auditoría' });
    await expectVisible(edit.getByRole('radio', { name: 'Si', checked: true }));
    await edit.getByRole('radio', { name: 'No' }).check();
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await confirm(page, AUDIT_MESSAGES.confirmEdit);
    await acceptSuccess(page, AUDIT_MESSAGES.updated);
    await expectPath(page, '/auditorias');
    await expectVisible(row.getByText('Activado', { exact: true }));
    await page.mouse.move(1000, 780);
    await screenshot(page, 'audits-list');
  }));
