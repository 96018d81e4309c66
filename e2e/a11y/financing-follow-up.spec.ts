// A signed provision's screens — follow-up, signing, signed documents, file — as the dealer operator (type 5) and the
// lender's administrator (type 1) open them, with the type 1's lists (the legal representative's: financing-signing): axe finds nothing and every name a screen
// reader announces is Spanish (e2e/support/axe.ts). Part of the financing sweep (e2e/a11y/financing-*.spec.ts).
import { before, test } from 'node:test';
import { PROVISION_STATUS } from '@planpiso/domain';
import { a11yChecker } from '../support/a11y';
import { a11yRefinancing } from '../support/a11y-seeds';
import { DEMO_USERS } from '../support/demo';
import { createProvisionAt, type SeededProvision } from '../support/follow-up';
import { signedIn, useBrowser } from '../support/journey';

const journey = useBrowser();
let signed: SeededProvision;
let refinancingId: number;

before(async () => {
  signed = await createProvisionAt(PROVISION_STATUS.SIGNED, [{ amount: '1200.00' }, { amount: '800.50' }]);
  refinancingId = await a11yRefinancing();
});

test('type 5: a signed provision’s follow-up, signing, signed documents and file', () =>
  journey('a11y-financing-follow-up-5', async (page) => {
    await signedIn(page, DEMO_USERS[5].email);
    const { visit, done } = a11yChecker(page);
    await visit(`/vizualizar-disposicion/${signed.id}`, '/vizualizar-disposicion/:id (type 5)');
    await visit(`/firmar-disposicion/${signed.id}`, '/firmar-disposicion/:id (type 5)');
    await visit(`/documentos-firmados/${signed.id}`, '/documentos-firmados/:id (type 5)');
    await visit(`/vizualizar-expediente/${signed.id}`, '/vizualizar-expediente/:id (type 5)');
    done();
  }));

test('type 1: provisions and a provision’s follow-up, refinancing', () =>
  journey('a11y-financing-follow-up-1', async (page) => {
    await signedIn(page, DEMO_USERS[1].email);
    const { visit, done } = a11yChecker(page);
    await visit('/disposiciones', '/disposiciones (type 1)');
    await visit(`/vizualizar-disposicion/${signed.id}`, '/vizualizar-disposicion/:id (type 1)');
    await visit('/refinanciamientos', '/refinanciamientos (type 1)');
    await visit(`/refinanciamientos/${refinancingId}`, '/refinanciamientos/:id (type 1)');
    done();
  }));
