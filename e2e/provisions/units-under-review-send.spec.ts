import { test } from 'node:test';
import assert from 'node:assert/strict';
import { provisionCreated } from '@planpiso/domain';
import { DEMO_USERS } from '../support/demo';
import { chooseNative, expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';
import { apiAsPage, freshVin, openOperatingWindow, wizardScreenshot } from '../support/provisions';
import { acceptSuccess, gridRow } from '../support/screens';
import { acceptSavePrompt, createFromReviewUnits, createReviewUnits, listedProvision } from '../support/units-review';

// Review mode's save-and-send (issue 26 §6), a file of its own: the journeys of units-under-review.spec.ts already
// fill the runner's time per file.
const journey = useBrowser();
const GRID = 'Unidades en revisión';

type SavedProvision = { data: { id: number; folio: string; status: number; total: string } };
type ProvisionDetail = { data: { units: { vinNumber: string }[] } };

test('type 5 saves and sends a provision from units under review: review mode has the last step’s two buttons', () =>
  journey('provision-from-units-under-review-sent', async (page) => {
    const vin = freshVin('3KPF54AD');
    const large = freshVin('3VWCB7BU');
    await createReviewUnits([
      { vin, comment: 'Falta el pedimento', amount: '52000.00' },
      { vin: large, comment: 'Monto por confirmar', amount: '9000000.00' },
    ]);
    await openOperatingWindow();
    await page.setViewportSize({ width: 1366, height: 768 });
    await signedIn(page, DEMO_USERS[5].email);
    await page.goto('/unidades');
    await createFromReviewUnits(page, [vin, large]);

    // Review mode starts on the last step: Guardar and save-and-send (spec 3 §2, issue 26 §6).
    const wizard = page.getByRole('region', { name: 'Crear disposición' });
    await expectVisible(wizard.getByRole('button', { name: 'Guardar', exact: true }));
    const send = wizard.getByRole('button', { name: 'Guardar y enviar', exact: true });
    await expectVisible(send);
    await chooseNative(page, 'Representante legal', 'Ramón Representante');
    await chooseNative(page, 'Línea de crédito', /LC-10001-01/);
    // Only what fits below the balance is ticked: the small unit, not the 9,000,000.00 one.
    await expectVisible(wizard.getByText('1 de 2 unidades seleccionadas'));

    // Include all: both ticked, the total passes the balance, and the remaining balance is negative — written
    // '-$…', the minus before the peso sign (issue 26 §9).
    const includeAll = wizard.getByLabel(/Incluir todas las unidades/);
    await includeAll.check();
    await expectVisible(wizard.getByText('2 de 2 unidades seleccionadas'));
    const negative = wizard.getByText(/^-\$\d{1,3}(,\d{3})*\.\d{2}$/);
    await expectVisible(negative);
    assert.equal(await wizard.getByText(/^\$-/).count(), 0, 'never $-');
    await page.mouse.move(1300, 20);
    await wizardScreenshot(page, 'provision-review-mode-negative');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectVisible(negative);
    await wizardScreenshot(page, 'provision-review-mode-negative-phone');
    await page.setViewportSize({ width: 1366, height: 768 });
    await includeAll.uncheck();
    await expectVisible(wizard.getByText('1 de 2 unidades seleccionadas'));
    await page.mouse.move(1300, 20);
    await wizardScreenshot(page, 'provision-review-mode-send');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectVisible(send);
    await wizardScreenshot(page, 'provision-review-mode-send-phone');
    await page.setViewportSize({ width: 1366, height: 768 });

    // The same call as the wizard's save-and-send: create-send, with reviewUnits.
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/provisions/create-send') && r.request().method() === 'POST',
    );
    await send.click();
    await acceptSavePrompt(page);
    const response = await created;
    assert.equal(JSON.parse(response.request().postData() ?? '{}').reviewUnits, true);
    const { data: saved } = (await response.json()) as SavedProvision;
    await acceptSuccess(page, provisionCreated(saved.folio));
    assert.equal(saved.status, 2);
    await expectPath(page, '/disposiciones');

    // The list shows it 'Enviada a validar' — or already 'Validación' when its validation job was quicker than the
    // list (decision 070: the queue takes work as it comes) — holding the unit that was under review; the unit left
    // /unidades, the one left out stays there.
    const listed = listedProvision(page, saved.folio);
    await expectVisible(listed.getByText(/^(Enviada a validar|Validación)$/));
    const detail = (await apiAsPage<ProvisionDetail>(page, `/api/provisions/${saved.id}`)).data;
    assert.deepEqual(
      detail.units.map((u) => u.vinNumber),
      [vin],
    );
    await page.goto('/unidades');
    await expectVisible(page.getByRole('heading', { name: GRID }));
    await expectVisible(gridRow(page, GRID, large));
    await gridRow(page, GRID, vin).waitFor({ state: 'detached' });
  }));
