// Units under review made for one journey: a rejected provision of the demo company Autos del Norte whose units the
// lender sent back to the demo dealer operator (decision 030), so a journey acts on rows nobody else touches.
import type { Page } from 'playwright-core';
import { FINANCING_MESSAGES } from '@planpiso/domain';
import { NEW_VEHICLES, vehicleByVin } from '../../apps/simulators/src/fixtures/index';
import { carOfCrm, insertProvisionWithUnits } from './financed-units';
import { withDb } from './db';
import { expectPath, expectVisible } from './journey';
import { gridRow } from './screens';

export type ReviewUnitSeed = {
  vin: string;
  comment: string;
  /** 1,234,567.50 unless told: a journey that spends the line picks an amount that fits beside the others'. */
  amount?: string;
};

/**
 * Units under review of the demo dealer operator, one rejected provision holding them. A VIN the CRM fixtures do
 * not know (a `freshVin()`) gets the first new vehicle's brand, model and colours.
 */
export async function createReviewUnits(units: ReviewUnitSeed[]): Promise<void> {
  await withDb((db) =>
    insertProvisionWithUnits(
      db,
      { status: 9, creditLine: 'LC-10001-01', typeLine: '100000000', total: '0' },
      (agentId) =>
        units.map(({ vin, comment, amount = '1234567.50' }) => ({
          ...carOfCrm(vin, vehicleByVin(vin) ?? NEW_VEHICLES[0]!),
          amount,
          status: 2,
          comment,
          inReview: true,
          reviewBy: agentId,
        })),
    ),
  );
}

/**
 * On /unidades: ticks `vins` in the grid of units under review, asks Crear Nuevo to include them (the dialog lists
 * each) and accepts, landing on the wizard in review mode.
 */
export async function createFromReviewUnits(page: Page, vins: string[]): Promise<void> {
  for (const vin of vins) {
    await gridRow(page, 'Unidades en revisión', vin)
      .getByRole('checkbox', { name: `Incluir ${vin}` })
      .check();
  }
  await page.getByRole('button', { name: 'Crear Nuevo' }).click();
  const creation = page.getByRole('dialog', { name: FINANCING_MESSAGES.createProvisionDialogTitle });
  for (const vin of vins) await expectVisible(creation.getByText(vin, { exact: true }));
  await creation.getByRole('button', { name: 'Aceptar' }).click();
  await expectPath(page, '/crear-disposicion');
}

/** Aceptar in a save's confirm step: the dialog that also offers Cancelar. */
export async function acceptSavePrompt(page: Page): Promise<void> {
  await page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: 'Cancelar' }) })
    .getByRole('button', { name: 'Aceptar' })
    .click();
}

/** The provisions list's row of `folio`. */
export const listedProvision = (page: Page, folio: string) =>
  page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: folio, exact: true }) });
