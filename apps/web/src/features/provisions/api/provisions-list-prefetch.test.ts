// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_TYPE, type UserType } from '@planpiso/domain';
import { mockApi } from '../../../test/mock-api';
import { sessionUserOf, storeSession } from '../../../test/session-fixtures';
import { prefetchProvisions } from './provisions-list';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const prefetchAs = async (type: UserType) => {
  storeSession(sessionUserOf(type));
  const calls = mockApi({
    'GET /api/provisions': { body: { data: { items: [], total: 0 } } },
    'GET /api/configuration/operating-window': { body: { data: { allowed: false, message: 'Fuera de horario' } } },
    'GET /api/provisions/account-assigned/103': { body: { data: { items: [], total: 0 } } },
    'GET /api/external/clients/10001/credit-lines': { body: { data: [] } },
  });
  const client = new QueryClient();
  await prefetchProvisions(new URLSearchParams(), client);
  return { paths: calls.map((call) => call.path).sort(), client };
};

describe("/disposiciones' first requests, started with the navigation (issue 31)", () => {
  it("asks the dealer's operating window and credit lines beside the rows, so what sits above them paints with them", async () => {
    const { paths, client } = await prefetchAs(USER_TYPE.AGENCY_OPERATOR);
    expect(paths).toEqual([
      '/api/configuration/operating-window',
      '/api/external/clients/10001/credit-lines',
      '/api/provisions',
    ]);
    expect(client.getQueryData(['configuration', 'operating-window'])).toEqual({
      allowed: false,
      message: 'Fuera de horario',
    });
  });

  it('asks only the rows for a user without Crear Nuevo', async () => {
    const { paths } = await prefetchAs(USER_TYPE.PROVIDER_ADMIN);
    expect(paths).toEqual(['/api/provisions']);
  });

  it('asks the lender operator’s assigned rows only: no credit-line selector, no Crear Nuevo', async () => {
    const { paths } = await prefetchAs(USER_TYPE.PROVIDER_OPERATOR);
    expect(paths).toEqual(['/api/provisions/account-assigned/103']);
  });
});
