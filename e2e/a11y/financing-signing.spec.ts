// The dealer's legal representative (type 4): the provisions list, inventory, a signed provision's signing screen, and
// the refinancing list and follow-up. Axe finds nothing and every name a screen reader announces is Spanish
// (e2e/support/axe.ts). Part of the financing sweep (e2e/a11y/financing-*.spec.ts).
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
  signed = await createProvisionAt(PROVISION_STATUS.SIGNED, [{ amount: '700.00' }]);
  refinancingId = await a11yRefinancing();
});

test('type 4: provisions, inventory, a provision’s signing, refinancing', () =>
  journey('a11y-financing-follow-up-4', async (page) => {
    await signedIn(page, DEMO_USERS[4].email);
    const { visit, done } = a11yChecker(page);
    await visit('/disposiciones', '/disposiciones (type 4)');
    await visit('/inventario', '/inventario (type 4)');
    await visit(`/firmar-disposicion/${signed.id}`, '/firmar-disposicion/:id (type 4)');
    await visit('/refinanciamientos', '/refinanciamientos (type 4)');
    await visit(`/refinanciamientos/${refinancingId}`, '/refinanciamientos/:id (type 4)');
    done();
  }));
