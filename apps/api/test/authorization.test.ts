import { describe, expect, it } from 'vitest';
import { API_PERMISSIONS, USER_TYPES, isAllowed, type Access, type UserType } from '@planpiso/domain';
import { isApiPath } from '../src/app';
import { bearer, createOrganisation, createUser, signIn } from './harness';
import { sharedApp } from './support/shared-app';

/**
 * The authorization harness (STYLE "Tests"): every route the API registers must be in API_PERMISSIONS, and
 * every route answers each caller — anonymous and one user of each type 1–5 — as the table says. A new route
 * missing from the table fails here before it can fail closed (500) in production.
 */
// TEST_CLOCK=1, so the movable clock's routes (registered only with it) are in the sweep like every other.
const t = await sharedApp({ env: { TEST_CLOCK: '1' } });
const { app, db } = t;

const table = API_PERMISSIONS as Record<string, Access>;

// HEAD is answered by the GET route; paths outside /api are the SPA's static files (public by design).
const operations = [
  ...new Set(
    app.routeList
      .filter((route) => route.method !== 'HEAD' && isApiPath(route.url))
      .map((route) => `${route.method} ${route.url}`),
  ),
].sort();

const org = await createOrganisation(db);
const callers: { name: string; type: UserType | null; token: string | null }[] = [
  { name: 'anonymous', type: null, token: null },
];
for (const type of USER_TYPES) {
  const dealer = type === 4 || type === 5;
  const user = await createUser(db, type, {
    accountId: dealer ? org.account.id : null,
    companyId: dealer ? org.companies[0]!.id : null,
    companies: dealer ? org.companies.map((c) => c.id) : [],
  });
  callers.push({ name: `type ${type}`, type, token: await signIn(app, user.email) });
}

/**
 * A concrete URL for a route pattern: parameters become an id no row has, wildcards a file name. Not 1: test
 * files share the database, and an allowed caller must not change another file's rows (PATCH
 * /api/users/:id/resend would give user 1 a new temporary password).
 */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '2147483000').replace(/\*$/, 'archivo.txt');

describe('the permission table', () => {
  it('lists every registered route', () => {
    expect(operations.length).toBeGreaterThan(10);
    const missing = operations.filter((operation) => !(operation in table));
    expect(missing, 'routes missing from API_PERMISSIONS (packages/domain/src/permissions.ts)').toEqual([]);
  });

  it('lists no route that does not exist', () => {
    const stale = Object.keys(table).filter((operation) => !operations.includes(operation));
    expect(stale, 'API_PERMISSIONS entries with no registered route').toEqual([]);
  });
});

describe.each(operations)('%s', (operation) => {
  const [method, url] = operation.split(' ') as [string, string];
  const access = table[operation]!;

  // Sign-out with a Bearer token ends every session of its user (decision 022), and the callers' tokens must live
  // through the whole sweep: it is public, so it is called without one.
  const ends = operation === 'POST /api/identity/sign-out';

  it.each(callers)('as $name', async (caller) => {
    const response = await app.inject({
      method: method as 'GET',
      url: concrete(url),
      headers: caller.token && !ends ? bearer(caller.token) : {},
      ...(method === 'GET' ? {} : { payload: {} }),
    });
    const body = String(response.headers['content-type']).includes('json')
      ? (JSON.parse(response.body) as { code?: string })
      : {};
    // A route may answer 401 itself (e.g. refresh without its cookie, code NotAuthorizedException); only the
    // authorization layer answers code 'Unauthorized' or 'FORBIDDEN'.
    const deniedAnonymous = response.statusCode === 401 && body.code === 'Unauthorized';
    const deniedType = response.statusCode === 403 && body.code === 'FORBIDDEN';

    if (isAllowed(access, caller.type)) {
      expect(
        deniedAnonymous || deniedType,
        `${operation} ${caller.name}: ${response.statusCode} ${response.body}`,
      ).toBe(false);
      expect(response.statusCode, `${operation} ${caller.name}: ${response.body}`).toBeLessThan(500);
    } else if (caller.type === null) {
      expect(deniedAnonymous, `${operation} anonymous: ${response.statusCode} ${response.body}`).toBe(true);
    } else {
      expect(deniedType, `${operation} ${caller.name}: ${response.statusCode} ${response.body}`).toBe(true);
    }
  });
});
