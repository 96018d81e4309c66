// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SigningEvidence } from '@planpiso/domain';
import '../../../test/dom';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../../test/session-fixtures';

const document = (signedStatus: number, signUrl?: string): SigningEvidence => ({
  id: 31,
  fileId: 131,
  fileName: 'Disposicion 1036.pdf',
  fileSize: 24_102,
  extension: 'pdf',
  type: 1,
  typeSignDoc: 0,
  signedStatus,
  url: '/api/files/131',
  ...(signUrl && { signUrl }),
  createdAt: '2026-11-24T18:00:00.000Z',
});
const detail = { id: 7, folio: '1036', company: { id: 1, name: 'Autos del Norte', clientId: '10001' } };

function open(path: string, evidences: SigningEvidence[]) {
  storeSession(sessionUserOf(4));
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/provisions/7': { body: { data: detail } },
    'GET /api/provisions/7/evidences-signature': { body: { data: { evidences } } },
  });
  const view = renderApp(path);
  return { ...view, calls };
}

describe('/firmar-disposicion/{id} (Firmar documentos)', () => {
  it('offers each document the legal representative still has to sign, opening the provider’s page in a new tab', async () => {
    open('/firmar-disposicion/7', [document(1, 'http://127.0.0.1:8034/sign/env-1/signer-1')]);
    const sign = await screen.findByRole('link', { name: 'Firmar Disposicion 1036.pdf' });
    expect(sign.getAttribute('href')).toBe('http://127.0.0.1:8034/sign/env-1/signer-1');
    expect(sign.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('N° de Disposición 1036 · Autos del Norte')).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'Documentos firmados' });
    expect(within(grid).getByText('Enviado a firma')).toBeTruthy();
  });

  it('says there is nothing to sign once signed, and the signed document is downloaded, not viewed', async () => {
    open('/firmar-disposicion/7', [document(2)]);
    expect(await screen.findByText('No tienes documentos pendientes de firma en esta disposición')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Firmar / })).toBeNull();
    const grid = screen.getByRole('grid', { name: 'Documentos firmados' });
    expect(within(grid).getByText('Firmado')).toBeTruthy();
    expect(within(grid).queryByRole('button', { name: 'Ver Disposicion 1036.pdf' })).toBeNull();
  });
});

describe('/documentos-firmados/{id} (Documentos firmados)', () => {
  it('lists the documents and goes back to the follow-up with Regresar', async () => {
    const { router } = open('/documentos-firmados/7', [document(1)]);
    const grid = await screen.findByRole('grid', { name: 'Documentos firmados' });
    expect(await within(grid).findByText('Disposicion 1036.pdf')).toBeTruthy();
    expect(within(grid).getByText('24.10 KB')).toBeTruthy();
    // The page's own button (the title bar's arrow is also 'Regresar', to the route's parent).
    fireEvent.click(screen.getByText('Regresar', { selector: 'button' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vizualizar-disposicion/7'));
  });
});
