// The lender administrator's (type 2) financing screens and dialogs: the provisions list, the disposition review list
// and detail with its evidence dialog, exceptions with their dialogs, the refinancing list and follow-up (audits and
// layout: financing-audits.spec.ts).
// Axe finds nothing and every name a screen reader announces is Spanish (e2e/support/axe.ts). Part of the financing
// sweep (e2e/a11y/financing-*.spec.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FINANCING_MESSAGES } from '@planpiso/domain';
import { a11yChecker, settle } from '../support/a11y';
import { a11yRefinancing, withException } from '../support/a11y-seeds';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { signedIn, useBrowser } from '../support/journey';
import { createProvisionUnderReview } from '../support/provision-review';
import { freshVin } from '../support/provisions';

const journey = useBrowser();

test('type 2: provisions, the review with its evidence dialog, exceptions with their dialogs, refinancing', () =>
  journey('a11y-financing-review', async (page) => {
    // Eleven units: the review table's pagination has a next page.
    const vins = Array.from({ length: 11 }, () => freshVin());
    const review = await createProvisionUnderReview(
      vins.map((vin) => ({
        vin,
        amount: '1000.00',
        validation: { invoiceDate: '2026-11-02', validInvoice: true, repuve: true, tu: true, ax: true },
      })),
    );
    const refinancingId = await a11yRefinancing();
    await signedIn(page, DEMO_USERS[2].email);
    const { step, visit, dialog, done } = a11yChecker(page);
    await visit('/disposiciones', '/disposiciones (type 2)');
    await visit('/disposiciones-revision');
    await visit(`/disposiciones-revision/${review.id}`, '/disposiciones-revision/:id');
    await step('/disposiciones-revision/:id (screenshots)', async () => {
      await page.getByRole('table', { name: 'Unidades para revisión' }).waitFor();
      // From the top: a scrolled full-page shot draws the fixed top bar in the middle of the page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'a11y-review-detail');
      await page.setViewportSize({ width: 390, height: 844 });
      await settle(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'a11y-review-detail-mobile');
      // On the phone the pagination's arrows stay inside the units' card, not past its edge.
      const overflow = await page.getByRole('button', { name: 'Ir a la página siguiente' }).evaluate((button) => {
        const card = button.closest('section, .MuiPaper-root')!;
        return button.getBoundingClientRect().right - card.getBoundingClientRect().right;
      });
      assert.ok(overflow <= 0, `'Ir a la página siguiente' ends ${overflow} px past the card's edge at 390 px`);
      await page.setViewportSize({ width: 1366, height: 800 });
    });
    await dialog(
      '/disposiciones-revision/:id (Evidencias)',
      () => page.getByRole('button', { name: `Ver evidencias ${vins[0]}` }).click(),
      'Evidencias',
    );

    await withException(1, async (reviewed) => {
      await visit('/excepciones', '/excepciones (type 2)');
      await dialog(
        '/excepciones (Ver)',
        () => page.getByRole('button', { name: `Ver ${reviewed.folio}` }).click(),
        FINANCING_MESSAGES.exceptionViewRequest,
      );
      await dialog(
        '/excepciones (Aprobar)',
        async () => {
          await page.getByRole('button', { name: `Ver ${reviewed.folio}` }).click();
          await page
            .getByRole('dialog', { name: FINANCING_MESSAGES.exceptionViewRequest })
            .getByRole('button', { name: FINANCING_MESSAGES.exceptionApprove })
            .click();
        },
        new RegExp(FINANCING_MESSAGES.exceptionApprove),
      );
    });
    await visit('/refinanciamientos', '/refinanciamientos (type 2)');
    await visit(`/refinanciamientos/${refinancingId}`, '/refinanciamientos/:id (type 2)');
    done();
  }));
