// The financed units a refinancing journey reads: a provision of the demo company Autos del Norte (the CRM's client
// 10001) at Autorizada (8) whose units the layout made refinanceable (`can_refinance`, a term in `deadlines`) with
// REPUVE, TransUnion and AX valid — on a provision line of its own, so no other journey's balance moves.
import type { Page } from 'playwright-core';
import { insertProvisionWithUnits, REFINANCEABLE } from './financed-units';
import { withDb } from './db';

export const REFINANCING_E2E_LINE = 'LC-E2E-REFIN';

export type SeededRefinancingUnit = { vin: string; deadlines: number; amount: string };

export async function createRefinanceableUnits(units: SeededRefinancingUnit[]): Promise<{ id: number; vin: string }[]> {
  return withDb(async (db) => {
    const seeded = await insertProvisionWithUnits(
      db,
      {
        status: 8,
        creditLine: REFINANCING_E2E_LINE,
        total: units.reduce((sum, u) => sum + Number(u.amount), 0).toFixed(2),
        approvedDate: '2026-11-10',
      },
      units.map((unit, index) => ({
        vinNumber: unit.vin,
        motorNumber: `MTR-REFIN-${index}`,
        amount: unit.amount,
        deadlines: unit.deadlines,
        ...REFINANCEABLE,
      })),
    );
    return seeded.units;
  });
}

/**
 * A dealer's way to the units to refinance: from its list of refinancings (its menu has no 'Unidades para
 * refinanciar'), then narrowed to `creditLine`, as other journeys' units are listed too.
 */
export async function openRefinanceableUnits(page: Page, creditLine: string): Promise<void> {
  await page.goto('/refinanciamientos');
  await page
    .getByRole('link', { name: 'Unidades para refinanciar' })
    .or(page.getByRole('button', { name: 'Unidades para refinanciar' }))
    .click();
  await page.waitForURL((url) => url.pathname === '/refinanciamientos/unidades');
  await page.goto(`/refinanciamientos/unidades?creditLine=${creditLine}`);
}
