// The lender operator's (type 3) other financing screens: exceptions with the observations dialog, inventory,
// statistics, and the refinancing units, list and follow-up. Axe finds nothing and every name a screen reader
// announces is Spanish (e2e/support/axe.ts). Part of the financing sweep (e2e/a11y/financing-*.spec.ts).
import { test } from 'node:test';
import { FINANCING_MESSAGES } from '@planpiso/domain';
import { a11yChecker } from '../support/a11y';
import { a11yRefinancing, withException } from '../support/a11y-seeds';
import { DEMO_USERS } from '../support/demo';
import { signedIn, useBrowser } from '../support/journey';

const journey = useBrowser();

test('type 3: exceptions, inventory, statistics and refinancing', () =>
  journey('a11y-financing-lender-lists', async (page) => {
    const refinancingId = await a11yRefinancing();
    await signedIn(page, DEMO_USERS[3].email);
    const { visit, dialog, done } = a11yChecker(page);
    await withException(0, async (pending) => {
      await visit('/excepciones', '/excepciones (type 3)');
      await dialog(
        '/excepciones (observaciones)',
        () => page.getByRole('button', { name: `Enviar ${pending.folio}` }).click(),
        new RegExp(FINANCING_MESSAGES.exceptionObservations),
      );
    });
    await visit('/inventario', '/inventario (type 3)');
    await visit('/estadisticas-disposiciones');
    await visit('/refinanciamientos/unidades', '/refinanciamientos/unidades (type 3)');
    await visit('/refinanciamientos', '/refinanciamientos (type 3)');
    await visit(`/refinanciamientos/${refinancingId}`, '/refinanciamientos/:id (type 3)');
    done();
  }));
