// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@planpiso/domain';
import '../test/dom';
import { ApiError } from '../lib/api-client';
import { ConfirmDialog } from './confirm-dialog';
import { ResultDialog, errorResult } from './result-dialog';

describe('ResultDialog (spec 1 §2.11)', () => {
  it('a success reads "Acción realizada exitosamente" with its message; Aceptar calls back', async () => {
    const onAccept = vi.fn();
    render(<ResultDialog result={{ ok: true, message: 'El rol Auditor se creo correctamente' }} onAccept={onAccept} />);
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.actionSucceeded });
    expect(within(dialog).getByText('El rol Auditor se creo correctamente')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(onAccept).toHaveBeenCalledTimes(1);
  });

  it("a failure reads 'Ocurrió un error' with the server's message", async () => {
    const error = new ApiError(409, 'INVALID_STATUS', 'La disposición cambió de estatus');
    render(<ResultDialog result={errorResult(error)} onAccept={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.errorTitle });
    expect(within(dialog).getByText('La disposición cambió de estatus')).toBeTruthy();
  });

  it("an error that is not the server's shows the generic message", async () => {
    render(<ResultDialog result={errorResult(new TypeError('boom'))} onAccept={() => undefined} />);
    expect(await screen.findByText(MESSAGES.internalError)).toBeTruthy();
  });

  it('is closed without a result', () => {
    render(<ResultDialog result={null} onAccept={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  it('asks the question and reports the answer', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open message={MESSAGES.confirmUserStatus} onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.confirmUserStatus });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
