// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@planpiso/domain';
import '../test/dom';
import { ApiError } from '../lib/api-client';
import { useConfirmedAction } from './use-confirmed-action';

type Options = Parameters<typeof useConfirmedAction<string>>[0];

function Harness(options: Options) {
  const { ask, dialogs } = useConfirmedAction<string>(options);
  return (
    <>
      <button onClick={() => ask('día 16')}>Eliminar</button>
      {dialogs}
    </>
  );
}

const prompt = () => ({ message: '¿Seguro?' });

describe('useConfirmedAction (ARCHITECTURE §7: confirm → call → result)', () => {
  it('asks first, calls only once confirmed, then shows the server’s message and reports success', async () => {
    const run = vi.fn(async () => ({ message: 'Se eliminó' }));
    const onAccepted = vi.fn();
    render(<Harness run={run} prompt={prompt} onAccepted={onAccepted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '¿Seguro?' })).getByRole('button', { name: 'Aceptar' }),
    );
    const result = await screen.findByRole('dialog', { name: MESSAGES.actionSucceeded });
    expect(run).toHaveBeenCalledWith('día 16');
    expect(within(result).getByText('Se eliminó')).toBeTruthy();
    fireEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    expect(onAccepted).toHaveBeenCalledWith(true);
  });

  it('cancelled: nothing is called', async () => {
    const run = vi.fn(async () => ({}));
    render(<Harness run={run} prompt={prompt} />);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '¿Seguro?' })).getByRole('button', { name: 'Cancelar' }),
    );
    expect(run).not.toHaveBeenCalled();
  });

  it('a failure shows the server’s message under the screen’s own title and reports it', async () => {
    const run = vi.fn(async () => {
      throw new ApiError(400, 'BAD_REQUEST', 'Formato hora incorrecto (HH:mm)');
    });
    const onAccepted = vi.fn();
    render(<Harness run={run} prompt={prompt} failureTitle="Error" onAccepted={onAccepted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '¿Seguro?' })).getByRole('button', { name: 'Aceptar' }),
    );
    const result = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(result).getByText('Formato hora incorrecto (HH:mm)')).toBeTruthy();
    fireEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    expect(onAccepted).toHaveBeenCalledWith(false);
  });
});
