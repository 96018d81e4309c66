// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type FileRule } from '@planpiso/domain';
import '../test/dom';
import { FileField } from './file-field';

let current: File | null = null;

function Form({ rule }: { rule?: FileRule }) {
  const { control, watch } = useForm<{ evidence: File | null }>({ defaultValues: { evidence: null } });
  current = watch('evidence');
  return <FileField control={control} name="evidence" label="Evidencia" rule={rule} />;
}

const choose = (file: File) => fireEvent.change(screen.getByLabelText('Evidencia'), { target: { files: [file] } });
const fileOf = (name: string, bytes: number, type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

describe('FileField (spec 1 §5: default .jpg and .png)', () => {
  it.each([
    ['contrato.pdf', 100, MESSAGES.fileInvalidType],
    ['foto.gif', 100, MESSAGES.fileInvalidType],
    ['vacía.png', 0, MESSAGES.fileTooSmall],
  ])('refuses %s (%i bytes) with "%s"', (name, bytes, message) => {
    render(<Form />);
    choose(fileOf(name, bytes));
    expect(screen.getByText(message)).toBeTruthy();
    expect(current).toBeNull();
  });

  it('refuses a file over the size limit', () => {
    render(<Form rule={{ maxBytes: 1024 }} />);
    choose(fileOf('foto.jpg', 2048));
    expect(screen.getByText(MESSAGES.fileTooLarge)).toBeTruthy();
  });

  it('accepts a valid file, shows its name, and clears an earlier refusal', () => {
    render(<Form />);
    choose(fileOf('contrato.pdf', 100));
    choose(fileOf('Factura.PNG', 100));
    expect(screen.getByText('Factura.PNG')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.fileInvalidType)).toBeNull();
    expect(current?.name).toBe('Factura.PNG');
  });

  it('takes the extensions of the screen when it names them', () => {
    render(<Form rule={{ extensions: ['.pdf'] }} />);
    choose(fileOf('contrato.pdf', 100, 'application/pdf'));
    expect(screen.queryByText(MESSAGES.fileInvalidType)).toBeNull();
    expect(current?.name).toBe('contrato.pdf');
  });
});
