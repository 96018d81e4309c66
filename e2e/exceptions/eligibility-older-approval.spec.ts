import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { FINANCING_MESSAGES, businessClock } from '@planpiso/domain';
import { audits } from '../../apps/api/src/db/schema/audits';
import { exceptions } from '../../apps/api/src/db/schema/exceptions';
import { companies } from '../../apps/api/src/db/schema/organisation';
import { users } from '../../apps/api/src/db/schema/users';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signInAs, useBrowser } from '../support/journey';
import { openOperatingWindow } from '../support/provisions-list';
import { withDb } from '../support/db';

// Issue 26 item 10 (decision 056): the dealer's latest exception was approved BEFORE a suspending audit was recorded.
// The pre-check still blocks (the approval answered another block), and says so truthfully — never 'La última
// excepción no está aprobada' while /excepciones shows that exception 'Aprobada'. The audit is made non-suspending at
// the end (and by the after hook) so the provision journeys that follow are not blocked.

const journey = useBrowser();
const tag = Date.now().toString(36);
const AUDITOR = `Auditor posterior ${tag}`;
const COMMENT = `Excepción aprobada antes de la auditoría ${tag}`;

const liftAudit = () =>
  withDb((db) => db.update(audits).set({ isSuspended: false }).where(eq(audits.auditor, AUDITOR)));
after(liftAudit);

/** The dealer's company gets an exception approved a minute ago, then a suspending audit of today recorded now. */
async function approvalThenAudit(): Promise<string> {
  return withDb(async (db) => {
    const [dealer] = await db.select().from(users).where(eq(users.email, DEMO_USERS[5].email));
    const [company] = await db.select().from(companies).where(eq(companies.id, dealer!.companyId!));
    const [exception] = await db
      .insert(exceptions)
      .values({
        accountId: company!.accountId,
        companyId: company!.id,
        registerBy: dealer!.id,
        comment: COMMENT,
        status: 2,
        isApproved: true,
        commentAF: FINANCING_MESSAGES.exceptionApprovalComment,
        createdAt: sql`now() - interval '2 minutes'`,
        updatedAt: sql`now() - interval '1 minute'`,
      })
      .returning({ folio: exceptions.folio });
    const today = businessClock(new Date()).day;
    await db.insert(audits).values({
      auditor: AUDITOR,
      description: 'Auditoría registrada después de la aprobación',
      accountId: company!.accountId,
      companyId: company!.id,
      isSuspended: true,
      registerBy: dealer!.id,
      initialDate: today,
      endDate: today,
    });
    const [recorded] = await db
      .select({ id: audits.id })
      .from(audits)
      .where(and(eq(audits.auditor, AUDITOR), eq(audits.isSuspended, true)));
    assert.ok(recorded, 'the audit is recorded');
    return exception!.folio;
  });
}

async function atPhoneAndDesktop(page: Page, name: string) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.MuiDialog-container')).every((el) => getComputedStyle(el).opacity === '1'),
  );
  await screenshot(page, `screenshots/${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `screenshots/${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an approval older than the suspending audit: the pre-check says so, never "no está aprobada"', () =>
  journey('eligibility-older-approval', async (page) => {
    const restoreWindow = await openOperatingWindow();
    try {
      const folio = await approvalThenAudit();
      await signInAs(page, DEMO_USERS[5].email);
      await page.setViewportSize({ width: 1280, height: 800 });

      // The dealer's screen shows the exception approved.
      await page.goto('/excepciones');
      const row = page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: folio, exact: true }) });
      await expectVisible(row.getByLabel(FINANCING_MESSAGES.exceptionApproved, { exact: true }));

      // Crear Nuevo's pre-check: blocked by the audit, and told why in words that match that screen.
      await page.goto('/disposiciones');
      await expectPath(page, '/disposiciones');
      await page.getByRole('button', { name: 'Crear Nuevo' }).click();
      const dialog = page.getByRole('dialog', { name: FINANCING_MESSAGES.eligibilityTitle });
      const list = dialog.getByRole('list', { name: FINANCING_MESSAGES.eligibilityTitle });
      await expectVisible(list.getByText(FINANCING_MESSAGES.approvalPredatesAudit, { exact: true }));
      const lines = (await list.getByRole('listitem').allInnerTexts()).map((line) => line.trim());
      assert.match(lines[0]!, /^Tienes \d+ pendientes de auditorías$/);
      assert.equal(lines.at(-1), FINANCING_MESSAGES.approvalPredatesAudit);
      assert.ok(!lines.includes(FINANCING_MESSAGES.latestExceptionNotApproved), JSON.stringify(lines));
      assert.equal(await dialog.getByRole('button', { name: 'Continuar' }).count(), 0, 'no way on');
      await atPhoneAndDesktop(page, 'eligibility-older-approval');
      await dialog.getByRole('button', { name: 'Aceptar' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await liftAudit();
      await restoreWindow();
    }
  }));
