// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORGANISATION_MESSAGES } from '@planpiso/domain';
import '../../test/dom';
import { mockApi } from '../../test/mock-api';
import { preloadScreen, renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';
import { page } from '../../test/user-fixtures';

preloadScreen(() => import('./branch-list'));

const branch = (id: number, name: string, companyId: number, company: string, isActive: boolean) => ({
  id,
  name,
  accountId: 1,
  companyId,
  isActive,
  address: 'Av. Juárez 10',
  account: { id: 1, name: 'Grupo Automotriz del Norte' },
  company: { id: companyId, name: company },
  createdAt: '2026-02-15',
});

describe('/sucursales for a legal representative (spec 2 §6, issue 14 §1.6)', () => {
  it('lists the whole account’s branches and marks the inactive ones', async () => {
    storeSession(sessionUserOf(4));
    const calls = mockApi({
      'GET /api/identity/session': sessionCheck,
      'GET /api/agencies': page([
        branch(7, 'Sucursal Monterrey Centro', 11, 'Autos del Norte', true),
        branch(8, 'Sucursal Saltillo', 12, 'Camiones del Norte', false),
      ]),
    });
    renderApp('/sucursales');
    const grid = await screen.findByRole('grid');
    const inactive = (await within(grid).findByText('Sucursal Saltillo')).closest('[role="row"]') as HTMLElement;
    expect(within(inactive).getByText(ORGANISATION_MESSAGES.branchInactive)).toBeTruthy();
    const active = within(grid).getByText('Sucursal Monterrey Centro').closest('[role="row"]') as HTMLElement;
    expect(within(active).queryByText(ORGANISATION_MESSAGES.branchInactive)).toBeNull();
    // The list does not narrow itself to the header's company: the server answers the whole account.
    const query = new URLSearchParams(calls.find((c) => c.path === '/api/agencies')!.search);
    expect(query.get('company')).toBeNull();
  });
});
