// The audit form (spec 3 §5) as the audit journeys fill it: Camiones del Norte of the demo account, one day twice.
import type { Locator, Page } from 'playwright-core';

/** Fills every field but Suspender: `auditor`, the description, the demo account and company, and `typedDay` twice. */
export async function fillAuditForm(page: Page, form: Locator, auditor: string, typedDay: string): Promise<void> {
  await form.getByRole('textbox', { name: 'Auditor', exact: true }).fill(auditor);
  await form.getByRole('textbox', { name: 'Descripción', exact: true }).fill('Revisión física del inventario en piso');
  const account = form.getByRole('combobox', { name: 'Cuenta' });
  if (!(await account.innerText()).includes('Grupo Automotriz del Norte')) {
    await account.click();
    await page.getByRole('option', { name: 'Grupo Automotriz del Norte' }).click();
  }
  await form.getByRole('combobox', { name: 'Compañía' }).click();
  await page.getByRole('option', { name: 'Camiones del Norte' }).click();
  for (const label of ['Fecha inicio', 'Fecha fin']) {
    await form.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
    await page.keyboard.type(typedDay);
  }
}
