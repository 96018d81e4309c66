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
import { useSaveAudit } from '../features/audits/api/audits';
import { uploadDocument } from '../features/provisions/api/provision-wizard';
import { useUploadUnitDocument } from '../features/units/api/unit-documents';
import { useUploadUnitEvidence } from '../features/refinancings/detail/api/refinancing-evidences';

/** Every create the screens make sends an Idempotency-Key (issue 14 §2 item 8, issue 27 §8, ARCHITECTURE §4). */
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);
const run = async <T,>(hook: () => { mutateAsync: (input: T) => Promise<unknown> }, input: T) => {
  const { result } = renderHook(hook, { wrapper });
  await result.current.mutateAsync(input);
};

const created = { status: 201, body: { data: { id: 1, role: { name: 'R' } } } };
const pdf = (name = 'anexo.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf', lastModified: 1 });
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
  ['POST /api/audits', () => run(useSaveAudit, { id: null, body: {} as never })],
  // Uploads create too (a document, an evidence): issue 27 §8.
  ['POST /api/documents', async () => void (await uploadDocument(pdf(), 'provision'))],
  ['POST /api/units/7/uploadDocument', () => run(() => useUploadUnitDocument(7), pdf())],
  ['POST /api/refinancings/7/units/9/evidences', () => run(() => useUploadUnitEvidence(7, 9), pdf())],
];

describe('the screens’ create calls', () => {
  it.each(cases)('%s sends an Idempotency-Key', async (route, call) => {
    const calls = mockApi({ [route]: created });
    await call();
    const sent = calls.find((c) => `${c.method} ${c.path}` === route);
    expect(sent?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('an upload sent twice before its answer', () => {
  it('carries the same key for the same file, and another key for another file', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const calls = mockApi({
      'POST /api/documents': async () => {
        await answered;
        return created;
      },
    });
    const first = uploadDocument(pdf(), 'provision');
    const second = uploadDocument(pdf(), 'provision');
    const other = uploadDocument(pdf('otro.pdf'), 'provision');
    release();
    await Promise.all([first, second, other]);
    const keys = calls.map((c) => c.idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
