import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { SIGNING_MESSAGES } from '@planpiso/domain';
import { evidences } from '../../apps/api/src/db/schema/files';
import { provisions } from '../../apps/api/src/db/schema/financing';
import { users } from '../../apps/api/src/db/schema/users';
import { expectNoAxeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { eventually, expectVisible, signedIn, useBrowser } from '../support/journey';
import { ARTIFACTS_DIR } from '../support/paths';
import { openOperatingWindow, seedProvisions } from '../support/provisions-list';
import { withDb } from '../support/db';
import { pageApi as api } from '../support/page-api';

const journey = useBrowser();

/** The demo's signer configuration is on this line (seed-signatures.ts): a joint signature and a guarantor. */
const SIGNATURE_LINE = 'LC-10001-02';

const statusOf = (id: number) =>
  withDb(async (db) => (await db.select().from(provisions).where(eq(provisions.id, id)))[0]!.status);

type ActionAnswer = { data: { version: number; evidences: { id: number; fileId: number; fileName: string }[] } };

test('type 5 generates and sends the signing document; type 4 signs it at the provider; 5 → 6 → 7', async () => {
  const [provision] = await seedProvisions([4], '348500.00');
  const id = provision!.id;
  // The demo's legal representative on the demo signature line, as a confirmed provision of Autos del Norte has.
  await withDb(async (db) => {
    const [legal] = await db.select().from(users).where(eq(users.email, DEMO_USERS[4].email));
    await db.update(provisions).set({ creditLine: SIGNATURE_LINE, legalId: legal!.id }).where(eq(provisions.id, id));
  });
  const restoreWindow = await openOperatingWindow();
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  try {
    await journey('signing-dealer', async (page) => {
      await signedIn(page, DEMO_USERS[5].email);
      await page.setViewportSize({ width: 1366, height: 768 });
      const generated = await api<ActionAnswer>(page, 'POST', `/api/provisions/${id}/documents`);
      const [document] = generated.data.evidences;
      writeFileSync(
        join(ARTIFACTS_DIR, 'signing-document.pdf'),
        await api<Buffer>(page, 'GET', `/api/files/${document!.fileId}`),
      );
      await api(page, 'POST', `/api/provisions/${id}/send-to-sign`, { version: generated.data.version });
      assert.equal(await statusOf(id), 5);

      await page.goto(`/documentos-firmados/${id}`);
      const grid = page.getByRole('grid', { name: SIGNING_MESSAGES.signedDocumentsTitle });
      await expectVisible(grid.getByText(document!.fileName));
      await expectVisible(grid.getByText('Enviado a firma', { exact: true }));
      await expectVisible(grid.getByRole('button', { name: `Ver ${document!.fileName}` }));
      await expectVisible(page.getByRole('button', { name: SIGNING_MESSAGES.back }));
      await expectNoAxeViolations(page, '/documentos-firmados (sent)');
      await screenshot(page, 'screenshots/signed-documents-sent');
    });

    await journey('signing-legal-representative', async (page) => {
      await signedIn(page, DEMO_USERS[4].email);
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.goto(`/firmar-disposicion/${id}`);
      const sign = page.getByRole('link', { name: /^Firmar Disposicion/ });
      await expectVisible(sign);
      await expectNoAxeViolations(page, '/firmar-disposicion');
      await screenshot(page, 'screenshots/sign-provision');

      // Firmar opens the provider's sign page in a new tab; the representative signs there.
      const [provider] = await Promise.all([page.context().waitForEvent('page'), sign.click()]);
      await provider.waitForLoadState();
      await expectVisible(provider.getByRole('button', { name: 'Firmar' }));
      await screenshot(provider, 'screenshots/esign-sign-page');
      await provider.getByRole('button', { name: 'Firmar' }).click();
      await expectVisible(provider.getByText(/Firmaste este documento/));
      await eventually(() => statusOf(id), 6, 15_000);

      // The joint signature's other person signs from their own e-mail link.
      const pending = await withDb(async (db) =>
        (await db.select().from(evidences).where(eq(evidences.provisionId, id)))
          .flatMap((e) => e.envelopeSigners ?? [])
          .filter((s) => s.status === 'pending'),
      );
      assert.ok(pending.length > 0);
      for (const signer of pending) {
        const signed = await fetch(signer.signUrl, { method: 'POST', headers: { accept: 'application/json' } });
        assert.equal(signed.status, 200);
      }
      await eventually(() => statusOf(id), 7, 15_000);

      await page.bringToFront();
      await page.reload();
      await expectVisible(page.getByText(SIGNING_MESSAGES.nothingToSign));
      const grid = page.getByRole('grid', { name: SIGNING_MESSAGES.signedDocumentsTitle });
      await expectVisible(grid.getByText('Firmado', { exact: true }));
      assert.equal(await grid.getByRole('button', { name: /^Ver / }).count(), 0, 'a signed document is not viewed');
      await expectNoAxeViolations(page, '/firmar-disposicion (signed)');
      await screenshot(page, 'screenshots/sign-provision-signed');

      await page.goto(`/documentos-firmados/${id}`);
      await expectVisible(
        page.getByRole('grid', { name: SIGNING_MESSAGES.signedDocumentsTitle }).getByText('Firmado', { exact: true }),
      );
      await screenshot(page, 'screenshots/signed-documents-signed');
      const [signedDocument] = (
        await api<{ data: { evidences: { fileId: number }[] } }>(
          page,
          'GET',
          `/api/provisions/${id}/evidences-signature`,
        )
      ).data.evidences;
      writeFileSync(
        join(ARTIFACTS_DIR, 'signing-document-signed.pdf'),
        await api<Buffer>(page, 'GET', `/api/files/${signedDocument!.fileId}`),
      );
    });
  } finally {
    await restoreWindow();
  }
});
