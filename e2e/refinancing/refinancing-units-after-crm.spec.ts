import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { createDb } from '../../apps/api/src/db/client';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { e2eEnv } from '../support/env';
import { expectVisible, signedIn, useBrowser } from '../support/journey';
import { openOperatingWindow } from '../support/provisions-list';
import { api, refinancingVins, seedUnitsAndBody } from '../support/refinancing-e2e';
import { refinancingStatus } from '../support/refinancing-journey';
import { gridRow } from '../support/screens';

// Issue 26 item 13, decision 057: once a refinancing is authorised (sent to the CRM, 8) its units are not offered on
// /refinanciamientos/unidades again — they were, right after the authorisation. The signature is not what this is
// about: the refinancing is put at 7 (Firmado) directly, then the operator sends it to the CRM through the API.

const journey = useBrowser();
const UNITS_LINE = 'LC-E2E-REFIN-CRM';
const VINS = refinancingVins('E2ECRMU');
const GRID = 'Unidades para refinanciar';

const signed = (id: number) =>
  (async () => {
    const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
    try {
      await handle.db.execute(sql`update refinancings set status = 7, version = version + 1 where id = ${id}`);
    } finally {
      await handle.close();
    }
  })();

test('an authorised refinancing’s units leave the units available for refinancing', async () => {
  const restoreWindow = await openOperatingWindow();
  let id = 0;
  try {
    await journey('refinancing-units-before', async (page) => {
      const body = await seedUnitsAndBody(UNITS_LINE, VINS);
      await signedIn(page, DEMO_USERS[5].email);
      await page.goto(`/refinanciamientos/unidades?creditLine=${UNITS_LINE}`);
      for (const vin of VINS) await expectVisible(gridRow(page, GRID, vin));
      id = (await api<{ data: { id: number } }>(page, 'POST', '/api/refinancings', body)).data.id;
      await signed(id);
    });

    await journey('refinancing-units-operator-sends-to-crm', async (page) => {
      await signedIn(page, DEMO_USERS[3].email);
      const { data } = await api<{ data: { version: number } }>(page, 'GET', `/api/refinancings/${id}`);
      await api(page, 'POST', `/api/refinancings/${id}/send-crm`, {
        approvedDate: '2026-11-25',
        version: data.version,
      });
      assert.equal(await refinancingStatus(id), 8);
    });

    await journey('refinancing-units-after', async (page) => {
      await signedIn(page, DEMO_USERS[5].email);
      const listed = page.waitForResponse(
        (response) => response.url().includes('/api/refinancings/units') && response.status() === 200,
      );
      await page.goto(`/refinanciamientos/unidades?creditLine=${UNITS_LINE}`);
      const answer = (await (await listed).json()) as { data: { items: { vinNumber: string }[]; total: number } };
      assert.deepEqual(answer.data.items, [], 'nothing of the authorised refinancing is offered again');
      await expectVisible(page.getByRole('grid', { name: GRID }));
      for (const vin of VINS) assert.equal(await page.getByText(vin, { exact: true }).count(), 0);
      await screenshot(page, 'screenshots/refinancing-units-after-crm');
    });
  } finally {
    await restoreWindow();
  }
});
