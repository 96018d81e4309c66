// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../test/dom';
import { mockApi } from '../test/mock-api';
import { useCreateAccount } from '../features/accounts/api/accounts';
import { useCustomSignerChange } from '../features/accounts/api/signers';
import { useBranchUserChange, useSaveBranch } from '../features/branches/api/branches';
import { useCompanyUserChange } from '../features/companies/api/companies';
import { useCreateNonWorkingDay } from '../features/non-working-days/api/save-non-working-day';
import { useSaveRole } from '../features/roles/api/save-role';
import { useSaveServiceDeskEmail } from '../features/service-desk/api/save-service-desk-email';
import { useSaveUser } from '../features/users/api/save-user';

/** Every create the screens make sends an Idempotency-Key (issue 14 §2 item 8, ARCHITECTURE §4). */
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);
const run = async <T,>(hook: () => { mutateAsync: (input: T) => Promise<unknown> }, input: T) => {
  const { result } = renderHook(hook, { wrapper });
  await result.current.mutateAsync(input);
};

const created = { status: 201, body: { data: { id: 1, role: { name: 'R' } } } };
const cases: [string, () => Promise<void>][] = [
  ['POST /api/users', () => run(useSaveUser, { id: null, body: {} as never })],
  ['POST /api/roles', () => run(useSaveRole, { id: null, body: {} as never })],
  ['POST /api/agencies', () => run(useSaveBranch, { id: null, body: {} as never })],
  ['POST /api/agencies/7/users', () => run(() => useBranchUserChange(7), { userId: 3, remove: false })],
  ['POST /api/companies/7/users', () => run(() => useCompanyUserChange(7), { userId: 3, roleId: 2 })],
  ['POST /api/accounts', () => run(useCreateAccount, {} as never)],
  [
    'POST /api/custom-signers',
    () =>
      run(() => useCustomSignerChange({ companyId: 7, creditLine: 'LC-1' }), {
        kind: 'create',
        body: { fullName: 'Notario', companyId: 7, creditLine: 'LC-1' },
      }),
  ],
  ['POST /api/non-workings', () => run(useCreateNonWorkingDay, {} as never)],
  ['POST /api/emails-service-desk', () => run(useSaveServiceDeskEmail, { id: null, body: {} as never })],
];

describe('the screens’ create calls', () => {
  it.each(cases)('%s sends an Idempotency-Key', async (route, call) => {
    const calls = mockApi({ [route]: created });
    await call();
    const sent = calls.find((c) => `${c.method} ${c.path}` === route);
    expect(sent?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});
