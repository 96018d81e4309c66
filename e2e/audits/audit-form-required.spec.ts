import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { AUDIT_MESSAGES, MESSAGES } from '@planpiso/domain';
import { fillAuditForm } from '../support/audits';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectNoSidewaysScroll, expectVisible, signedIn, useBrowser } from '../support/journey';

const journey = useBrowser();

const SUSPEND = '¿Suspender el panel de disposiciones durante la auditoria?';
/** spec 3 §5 "Audit form": auditor required; description, account, company and the suspend choice marked required. */
const REQUIRED = ['Auditor', 'Descripción', 'Cuenta', 'Compañía', 'Fecha inicio', 'Fecha fin', SUSPEND];

/** The label's asterisk (MUI's, hidden from screen readers: the field itself says it is required). */
const asterisk = (form: Locator, label: string) =>
  form.locator('label').filter({ hasText: label }).first().locator('.MuiFormLabel-asterisk');

async function openCreate(page: Page): Promise<Locator> {
  await page.goto('/crear-auditoria');
  const form = page.getByRole('form', { name: 'Crear auditoría' });
  await expectVisible(form.getByRole('textbox', { name: 'Auditor', exact: true }));
  return form;
}

test('the audit form chooses nothing for the suspend question, marks its required fields and asks for the choice', () =>
  journey('audit-form-required', async (page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signedIn(page, DEMO_USERS[2].email);
    let form = await openCreate(page);

    // No default: neither Si nor No.
    const suspend = form.getByRole('radiogroup', { name: SUSPEND });
    await expectVisible(suspend);
    assert.equal(await suspend.getByRole('radio', { name: 'Si' }).isChecked(), false, "'Si' is not chosen");
    assert.equal(await suspend.getByRole('radio', { name: 'No' }).isChecked(), false, "'No' is not chosen");
    for (const label of REQUIRED) await expectVisible(asterisk(form, label));

    // Everything but the choice: Guardar says what is missing, in Spanish, and asks nothing.
    await fillAuditForm(page, form, 'Auditor sin elección', '15012030');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(form.getByText(AUDIT_MESSAGES.suspendRequired, { exact: true }));
    assert.equal(await form.getByText(MESSAGES.required, { exact: true }).count(), 0, 'only the choice is missing');
    assert.equal(await page.getByRole('dialog').count(), 0, 'no confirmation without the choice');
    await page.mouse.move(1200, 780);
    await screenshot(page, 'screenshots/desktop-audit-form-required');

    // At 390 px: the same form, one column, every field and its message inside the window.
    await page.setViewportSize({ width: 390, height: 844 });
    form = await openCreate(page);
    for (const label of REQUIRED) await expectVisible(asterisk(form, label));
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(form.getByText(AUDIT_MESSAGES.suspendRequired, { exact: true }));
    await expectNoSidewaysScroll(page, 'the form does not scroll sideways');
    await screenshot(page, 'screenshots/phone-audit-form-required');
  }));
