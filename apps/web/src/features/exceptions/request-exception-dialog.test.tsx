// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EXCEPTION_DIALOG_WIDTH, MESSAGES, STORAGE_KEYS, exceptionRequested } from '@planpiso/domain';
import '../../test/dom';
import { apiError, mockApi } from '../../test/mock-api';

type Handlers = Parameters<typeof mockApi>[0];
import { renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

async function openProvisions(extra: Handlers = {}) {
  storeSession(sessionUserOf(5));
  const calls = mockApi({ 'GET /api/identity/session': sessionCheck, ...extra });
  const view = renderApp('/disposiciones');
  const heading = await screen.findByRole('heading', { name: 'Disposiciones', level: 1 });
  return { ...view, calls, header: heading.closest('header') as HTMLElement };
}

async function openDialog(extra: Handlers = {}) {
  const view = await openProvisions(extra);
  fireEvent.click(within(view.header).getByRole('button', { name: 'Solicitar Excepción' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Solicitar Excepción' }) };
}

describe('Solicitar excepción dialog (spec 1 §2.10)', () => {
  it('opens from the title bar, 637 px wide, with Comentario, Evidencia and Enviar', async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).getByRole('textbox', { name: 'Comentario' })).toBeTruthy();
    expect(within(dialog).getByText('Evidencia')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Enviar' })).toBeTruthy();
    const paper = dialog.closest('.MuiDialog-paper') ?? dialog;
    expect(getComputedStyle(paper).width).toBe(`${EXCEPTION_DIALOG_WIDTH}px`);
  });

  it('does not open while the exceptionDisabled flag is set', async () => {
    localStorage.setItem(STORAGE_KEYS.exceptionDisabled, 'true');
    const { header } = await openProvisions();
    const button = within(header).getByRole('button', { name: 'Solicitar Excepción' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens when the flag says 'false'", async () => {
    localStorage.setItem(STORAGE_KEYS.exceptionDisabled, 'false');
    const { dialog } = await openDialog();
    expect(dialog).toBeTruthy();
  });

  it('Comentario is required: marked with the asterisk, and nothing is sent without it', async () => {
    const { dialog, calls } = await openDialog();
    const comment = within(dialog).getByRole('textbox', { name: 'Comentario' }) as HTMLTextAreaElement;
    expect(comment.required).toBe(true);
    const label = dialog.querySelector(`label[for="${comment.id}"]`);
    expect(label?.querySelector('.MuiFormLabel-asterisk')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText(MESSAGES.required)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/exceptions')).toBe(false);
  });

  it('a failed send shows the server’s reason, then leaves the request open with what was typed', async () => {
    const { dialog, calls } = await openDialog({
      'POST /api/exceptions': apiError(422, 'USER_WITHOUT_COMPANY', MESSAGES.userWithoutCompany),
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comentario' }), {
      target: { value: 'Unidad con daño menor' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    const result = await screen.findByRole('dialog', { name: MESSAGES.errorTitle });
    expect(within(result).getByText(MESSAGES.userWithoutCompany)).toBeTruthy();
    fireEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MESSAGES.errorTitle })).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/exceptions')).toBe(true);
    const request = await screen.findByRole('dialog', { name: 'Solicitar Excepción' });
    expect((within(request).getByRole('textbox', { name: 'Comentario' }) as HTMLTextAreaElement).value).toBe(
      'Unidad con daño menor',
    );
  });

  it('a successful send posts multipart with an Idempotency-Key, shows the folio and closes on Aceptar', async () => {
    let attempts = 0;
    const { dialog, calls } = await openDialog({
      'POST /api/exceptions': () =>
        ++attempts === 1
          ? apiError(503, 'NetworkLost', MESSAGES.internalError)
          : { status: 201, body: { data: { id: 1, folio: '7', evidences: [] }, message: exceptionRequested('7') } },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comentario' }), {
      target: { value: 'Unidad con daño menor' },
    });
    const evidence = new File([new Uint8Array([137, 80, 78, 71])], 'foto.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Evidencia'), { target: { files: [evidence] } });
    expect(await within(dialog).findByText('foto.png')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: MESSAGES.errorTitle })).getByRole('button', { name: 'Aceptar' }),
    );
    const reopened = await screen.findByRole('dialog', { name: 'Solicitar Excepción' });
    fireEvent.click(within(reopened).getByRole('button', { name: 'Enviar' }));

    const result = await screen.findByRole('dialog', { name: MESSAGES.actionSucceeded });
    expect(within(result).getByText(exceptionRequested('7'))).toBeTruthy();
    fireEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/exceptions');
    expect(posts).toHaveLength(2);
    // The retry carries the same key, so a request the server did store is answered again, not stored twice.
    expect(posts[0]!.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(posts[1]!.idempotencyKey).toBe(posts[0]!.idempotencyKey);
    const body = posts[1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('comment')).toBe('Unidad con daño menor');
    expect(body.get('type')).toBe('1');
    expect((body.get('evidence') as File).name).toBe('foto.png');
  });

  it('a file of another type is refused before sending', async () => {
    const { dialog } = await openDialog();
    const pdf = new File(['%PDF'], 'carta.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByLabelText('Evidencia'), { target: { files: [pdf] } });
    expect(await within(dialog).findByText(MESSAGES.fileInvalidType)).toBeTruthy();
  });
});
