import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { CONFIGURATION_MESSAGES } from '@planpiso/domain';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectVisible, signedIn, useBrowser } from '../support/journey';
import { confirm } from '../support/screens';

const journey = useBrowser();

const form = (page: Page) => page.getByRole('form', { name: 'Configuración de Disposiciones' });
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });

/** The time fields are sectioned (HH, mm): typing into the first section fills both, 24 hours. */
const isTime = (label: string) => label.startsWith('Hora') || label.endsWith('de operación');
const timeGroup = (page: Page, label: string) => form(page).getByRole('group', { name: label, exact: true });

async function type(page: Page, label: string, value: string) {
  if (!isTime(label)) return field(page, label).fill(value);
  await timeGroup(page, label).getByRole('spinbutton').first().click();
  await page.keyboard.type(value.replace(':', ''));
}

/** What the form shows, field by field, as a person reads it. */
async function shown(page: Page, labels: string[]): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const label of labels) {
    values[label] = isTime(label)
      ? (/\d{2}:\d{2}/.exec((await timeGroup(page, label).innerText()).replace(/\s/g, ''))?.[0] ?? '')
      : await field(page, label).inputValue();
  }
  return values;
}

test('type 2 saves the provisions configuration and, after a reload, sees what it saved (AX keeps its own value)', () =>
  journey('provisions-configuration', async (page) => {
    await signedIn(page, DEMO_USERS[2].email);
    await page.goto('/configuraciones');
    await expectVisible(field(page, 'Correo de disposiciones'));
    await expectVisible(form(page).getByRole('heading', { name: 'Configuración de validaciones periódicas' }));

    // A bad e-mail is refused before anything is sent.
    await field(page, 'Correo de disposiciones').fill('disposiciones');
    await form(page).getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(form(page).getByText(CONFIGURATION_MESSAGES.serviceDeskEmailInvalid, { exact: true }));

    // The e-mail is optional (spec 2 §4): with it cleared, the hours still save (issue 26 §5).
    await field(page, 'Correo de disposiciones').fill('');
    await type(page, 'Inicio de operación', '07:45');
    await form(page).getByRole('button', { name: 'Guardar' }).click();
    await confirm(page, CONFIGURATION_MESSAGES.confirmSaveConfiguration);
    const emptySaved = page.getByRole('dialog', { name: CONFIGURATION_MESSAGES.configurationSavedTitle, exact: true });
    await expectVisible(emptySaved.getByText(CONFIGURATION_MESSAGES.configurationSaved, { exact: true }));
    await emptySaved.getByRole('button', { name: 'Aceptar' }).click();
    await emptySaved.waitFor({ state: 'hidden' });
    await page.reload();
    await expectVisible(timeGroup(page, 'Inicio de operación').filter({ hasText: /07\s*:\s*45/ }));
    assert.deepEqual(await shown(page, ['Correo de disposiciones', 'Inicio de operación']), {
      'Correo de disposiciones': '',
      'Inicio de operación': '07:45',
    });
    await screenshot(page, 'provisions-configuration-empty-email');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectVisible(form(page).getByRole('button', { name: 'Guardar' }));
    await screenshot(page, 'provisions-configuration-phone');
    await page.setViewportSize({ width: 1366, height: 800 });

    const typed = {
      'Correo de disposiciones': 'disposiciones@planpiso.mx',
      'Inicio de operación': '08:30',
      'Fin de operación': '19:15',
      'Vigencia de la disposición (días)': '20',
      'Días AX': '3',
      'Hora AX': '04:40',
      'Días TransUnion': '2',
      'Hora TransUnion': '01:10',
      'Días REPUVE': '1',
      'Hora REPUVE': '03:05',
    };
    for (const [label, value] of Object.entries(typed)) await type(page, label, value);
    await screenshot(page, 'provisions-configuration');
    await form(page).getByRole('button', { name: 'Guardar' }).click();
    await confirm(page, CONFIGURATION_MESSAGES.confirmSaveConfiguration);

    const result = page.getByRole('dialog', { name: CONFIGURATION_MESSAGES.configurationSavedTitle, exact: true });
    await expectVisible(result.getByText(CONFIGURATION_MESSAGES.configurationSaved, { exact: true }));
    await result.getByRole('button', { name: 'Aceptar' }).click();
    await result.waitFor({ state: 'hidden' });

    await page.reload();
    await expectVisible(field(page, 'Correo de disposiciones'));
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name="email"]')?.value === 'disposiciones@planpiso.mx',
    );
    assert.deepEqual(
      await shown(page, Object.keys(typed)),
      typed,
      'every value comes back as typed, AX’s own included',
    );
  }));
