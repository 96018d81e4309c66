// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@planpiso/domain';
import { VALID_CONFIGURATION } from '@planpiso/domain/test-support/fixtures';
import '../../test/dom';
import { mockApi } from '../../test/mock-api';
import { preloadScreen, renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

preloadScreen(() => import('./configuration-page'));

const stored = { ...VALID_CONFIGURATION, updatedAt: '2026-11-01T10:00:00Z' };

describe('/configuraciones (spec 2 §2)', () => {
  it('refuses a cleared day field with the required message and saves nothing (issue 14 §1.3)', async () => {
    storeSession(sessionUserOf(2));
    const calls = mockApi({
      'GET /api/identity/session': sessionCheck,
      'GET /api/configuration': { body: { data: stored } },
      'POST /api/configuration': { body: { data: stored } },
    });
    renderApp('/configuraciones');
    const days = (await screen.findByLabelText('Vigencia de la disposición (días)')) as HTMLInputElement;
    await waitFor(() => expect(days.value).toBe('30'));
    fireEvent.change(days, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Días AX'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    const form = screen.getByRole('form', { name: 'Configuración de Disposiciones' });
    await waitFor(() => expect(within(form).getAllByText(MESSAGES.required)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
