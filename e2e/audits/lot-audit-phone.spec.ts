import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import {
  FINANCED_UNIT_STATUS,
  LOT_AUDIT_MESSAGES as TEXT,
  PROVISION_STATUS,
  businessClock,
  vinCheckCharacter,
} from '@planpiso/domain';
import { financedUnits } from '../../apps/api/src/db/schema/financed-units';
import { provisionUnits } from '../../apps/api/src/db/schema/financing';
import { companies } from '../../apps/api/src/db/schema/organisation';
import { settle } from '../support/a11y';
import { expectNoAxeViolations } from '../support/axe';
import { withDb } from '../support/db';
import { DEMO_USERS } from '../support/demo';
import { createProvisionAt } from '../support/follow-up';
import { expectVisible, signedIn, signInAs, useBrowser } from '../support/journey';
import { pageApi } from '../support/page-api';
import { openOperatingWindow } from '../support/provisions';
import { acceptSuccess, typeDate } from '../support/screens';

const journey = useBrowser();
const PHONE = { width: 390, height: 844 };
const SHOTS = 'artifacts/screenshots';
const PHOTO = readFileSync(new URL('./unit-photo.png', import.meta.url));

/** The phone's screens, whole, for a person to look at (issue 29 acceptance: "screenshots of the phone screens"). */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await settle(page);
  // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `audits-${name}.png`), fullPage: true });
}

/** A VIN whose position 9 carries its right check digit, as a real one does. */
const withCheckDigit = (vin: string) => `${vin.slice(0, 8)}${vinCheckCharacter(vin)}${vin.slice(9)}`;
/** The same VIN with a wrong check digit: what a slip of the thumb types. */
const typo = (vin: string) => `${vin.slice(0, 8)}${vin[8] === '1' ? '2' : '1'}${vin.slice(9)}`;

async function signOut(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
}

const dayPlus = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

test('a self-audit on a phone: the lender requests it, the dealer types VINs, marks with a photo, closes, and the PDF lists each result', () =>
  journey('lot-audit-phone', async (page) => {
    await openOperatingWindow();
    // Three units of Autos del Norte released by the account's operator (Liberar puts them in the register).
    const signed = await createProvisionAt(PROVISION_STATUS.SIGNED, [
      { amount: '185000.00' },
      { amount: '99000.50' },
      { amount: '240000.00' },
    ]);
    const vins = signed.vins.map(withCheckDigit);
    const companyId = await withDb(async (db) => {
      for (const [index, vin] of signed.vins.entries()) {
        await db.update(provisionUnits).set({ vinNumber: vins[index]! }).where(eq(provisionUnits.vinNumber, vin));
      }
      const [company] = await db.select().from(companies).where(eq(companies.clientId, '10001'));
      return { id: company!.id, accountId: company!.accountId };
    });
    await signInAs(page, DEMO_USERS[3].email);
    await pageApi(page, 'POST', `/api/provisions/${signed.id}/release`, { version: 4 });
    await signOut(page);

    // The lender's administrator registers the audit (the snapshot is taken) and requests the self-audit.
    await signInAs(page, DEMO_USERS[2].email);
    const today = businessClock(new Date()).day;
    const created = await pageApi<{ data: { id: number; folio: string } }>(page, 'POST', '/api/audits', {
      auditor: 'Autoauditoría de piso',
      description: 'Revisión de unidades financiadas desde el teléfono',
      accountId: companyId.accountId,
      companyId: companyId.id,
      isSuspended: false,
      initialDate: today,
      endDate: dayPlus(today, 7),
    });
    const { folio } = created.data;
    await page.goto('/auditorias');
    await page
      .getByRole('button', { name: `Unidades de la auditoría ${folio}` })
      .first()
      .click();
    await expectVisible(page.getByRole('heading', { name: `Auditoría ${folio}` }));
    await page.getByRole('button', { name: TEXT.requestSelfAudit }).click();
    const ask = page.getByRole('dialog', { name: TEXT.requestSelfAudit });
    const deadline = dayPlus(today, 3);
    await typeDate(page, ask, new RegExp(TEXT.deadlineLabel), deadline);
    await shot(page, 'lender-request');
    await ask.getByRole('button', { name: 'Aceptar' }).click();
    await acceptSuccess(page, TEXT.selfAuditRequested(folio, dayPlus(today, 3)));
    await signOut(page);

    // The dealer on a phone, with the browser's location granted.
    await page.setViewportSize(PHONE);
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 25.686614, longitude: -100.316113 });
    await signedIn(page, DEMO_USERS[5].email);
    await page.goto('/autoauditorias');
    const card = page.getByRole('link', { name: `${TEXT.openUnits}: auditoría ${folio}` });
    await expectVisible(card);
    await shot(page, 'phone-self-audits');
    await card.click();
    await expectVisible(page.getByRole('heading', { name: `Auditoría ${folio}` }));
    const progress = page.getByTestId('lot-audit-progress');
    const total = Number((await progress.innerText()).split(' de ')[1]);
    assert.ok(total >= 3, `the snapshot holds the released units (${total})`);
    await expectVisible(page.getByText(`0 de ${total}`, { exact: true }));
    await shot(page, 'phone-units');

    const vinField = page.getByRole('textbox', { name: TEXT.vinLabel });
    const search = async (vin: string) => {
      await vinField.fill(vin);
      await page.getByRole('button', { name: TEXT.search, exact: true }).click();
    };
    // A slip of the thumb: the check digit says so before anything is asked.
    await search(typo(vins[0]!));
    await expectVisible(page.getByText(TEXT.vinCheckDigit(typo(vins[0]!)), { exact: true }));
    await shot(page, 'phone-vin-check-digit');

    // Encontrada, with a photo from the camera (the file input) and the location.
    const mark = async (vin: string, result: string) => {
      const unit = page
        .getByRole('article')
        .or(page.locator(`[aria-label="Unidad ${vin}"]`))
        .first();
      await unit.getByRole('button', { name: result, exact: true }).click();
      await expectVisible(page.getByRole('status').getByText(TEXT.unitMarked(vin, result), { exact: true }));
    };
    await search(vins[0]!.toLowerCase());
    const found = page.locator(`[aria-label="Unidad ${vins[0]}"]`);
    await expectVisible(found);
    await found
      .locator('input[type="file"]')
      .setInputFiles({ name: 'unidad-frente.png', mimeType: 'image/png', buffer: PHOTO });
    await expectVisible(found.getByText(`${TEXT.photoAttached}: unidad-frente.png`));
    await expectVisible(found.getByText(/Ubicación registrada: 25\.68661, -100\.31611/));
    await shot(page, 'phone-unit-card');
    await expectNoAxeViolations(page, '/auditorias/:id/unidades (phone, a unit found)');
    await mark(vins[0]!, 'Encontrada');
    await shot(page, 'phone-unit-marked');

    await search(vins[1]!);
    await mark(vins[1]!, 'No localizada');
    await search(vins[2]!);
    await mark(vins[2]!, 'Vendida');

    // The rest (units of the company released before): each picked from the list and marked En tránsito.
    const list = page.getByRole('list', { name: TEXT.unitsTitle });
    for (;;) {
      const pending = list.getByRole('button').filter({ hasText: TEXT.resultPending });
      if ((await pending.count()) === 0) break;
      const vin = (await pending.first().locator('.MuiListItemText-primary').innerText()).trim();
      await pending.first().click();
      await mark(vin, 'En tránsito');
    }
    await expectVisible(page.getByText(`${total} de ${total}`, { exact: true }));
    await shot(page, 'phone-all-checked');

    // Cerrar auditoría, confirmed: the findings come back with their deadlines.
    await page.getByRole('button', { name: TEXT.close }).click();
    const confirmClose = page.getByRole('dialog', { name: TEXT.close });
    await expectVisible(confirmClose.getByText(TEXT.closeConfirm));
    await confirmClose.getByRole('button', { name: 'Aceptar' }).click();
    await acceptSuccess(page, TEXT.closed(folio, 2));
    const findings = page.getByRole('list', { name: TEXT.findings });
    await expectVisible(findings.getByText(`${vins[1]} — ${TEXT.findingNotLocated}`));
    await expectVisible(findings.getByText(`${vins[2]} — ${TEXT.findingSoldUnpaid}`));
    await expectVisible(page.getByText(TEXT.statusClosed, { exact: true }));
    await shot(page, 'phone-closed');
    await expectNoAxeViolations(page, '/auditorias/:id/unidades (phone, closed)');

    // The unit found sold is Vendida (por liquidar) in the register.
    const status = await withDb(async (db) =>
      db
        .select({ vin: financedUnits.vin, status: financedUnits.status })
        .from(financedUnits)
        .where(inArray(financedUnits.vin, vins)),
    );
    assert.equal(status.find((row) => row.vin === vins[2])!.status, FINANCED_UNIT_STATUS.SOLD);
    assert.equal(status.find((row) => row.vin === vins[0])!.status, FINANCED_UNIT_STATUS.CURRENT);

    // Descargar reporte: the PDF lists each unit's VIN with its result.
    await page.getByRole('button', { name: TEXT.download }).click();
    const confirmDownload = page.getByRole('dialog', { name: TEXT.download });
    await expectVisible(confirmDownload.getByText(TEXT.downloadConfirm));
    const downloading = page.waitForEvent('download');
    await confirmDownload.getByRole('button', { name: 'Aceptar' }).click();
    const download = await downloading;
    assert.match(download.suggestedFilename(), new RegExp(`^Auditoría ${folio} \\(\\d{2}-\\d{2}-\\d{4}\\)\\.pdf$`));
    const done = page.getByRole('dialog', { name: TEXT.downloadedTitle });
    await expectVisible(done.getByText(TEXT.downloaded, { exact: true }));
    await done.getByRole('button', { name: 'Aceptar' }).click();
    const file = join(mkdtempSync(join(tmpdir(), 'planpiso-lot-audit-')), 'reporte.pdf');
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const lines = text.split('\n');
    const expected: [string, string][] = [
      [vins[0]!, 'Encontrada'],
      [vins[1]!, 'No localizada'],
      [vins[2]!, 'Vendida'],
    ];
    for (const [vin, result] of expected) {
      assert.ok(
        lines.some((line) => line.includes(vin) && line.includes(result)),
        `the report lists ${vin} as ${result}:\n${text}`,
      );
    }
    assert.equal(
      lines.filter((line) => /En tránsito/.test(line)).length,
      total - 3,
      'and every other unit as En tránsito',
    );
    // Its first page as a picture, for a person to look at.
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, join(SHOTS, 'audits-report-page1')]);

    // Closed for good: the lender's list offers its units (and report), no Editar.
    await signOut(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signedIn(page, DEMO_USERS[2].email);
    await page.goto('/auditorias');
    await expectVisible(page.getByRole('button', { name: `Unidades de la auditoría ${folio}` }).first());
    assert.equal(await page.getByRole('button', { name: `Editar auditoría ${folio}` }).count(), 0);
    await expectVisible(page.getByRole('row').filter({ hasText: 'Cerrada' }).first());
    await shot(page, 'lender-list-closed');
  }));
