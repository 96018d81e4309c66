// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { SigningEvidence } from '@planpiso/domain';
import '../test/dom';
import { mockApi } from '../test/mock-api';
import { SignedDocumentsTable } from './signed-documents-table';

const evidence = (id: number, fileName: string, fileSize: number, signedStatus: number): SigningEvidence => ({
  id,
  fileId: 100 + id,
  fileName,
  fileSize,
  extension: 'pdf',
  type: 1,
  typeSignDoc: 0,
  signedStatus,
  url: `/api/files/${100 + id}`,
  createdAt: '2026-11-24T18:00:00.000Z',
});

function show(evidences: SigningEvidence[] | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SignedDocumentsTable evidences={evidences} />
    </QueryClientProvider>,
  );
  return screen.getByRole('grid', { name: 'Documentos firmados' });
}

const rowOf = (grid: HTMLElement, name: string) => within(grid).getByText(name).closest('[role="row"]') as HTMLElement;

describe('SignedDocumentsTable (spec 3 §2 Signed documents, §4, §9)', () => {
  it('shows sizes in KB, or in MB above 1,000,000 bytes, and each status in words', () => {
    const grid = show([
      evidence(1, 'Disposicion 1000.pdf', 48_213, 0),
      evidence(2, 'Disposicion 1001.pdf', 1_000_000, 1),
      evidence(3, 'Disposicion 1002 (firmado).pdf', 2_345_678, 2),
    ]);
    expect(within(rowOf(grid, 'Disposicion 1000.pdf')).getByText('48.21 KB')).toBeTruthy();
    expect(within(rowOf(grid, 'Disposicion 1000.pdf')).getByText('No firmado')).toBeTruthy();
    // Exactly 1,000,000 bytes is not above it: still KB.
    expect(within(rowOf(grid, 'Disposicion 1001.pdf')).getByText('1,000.00 KB')).toBeTruthy();
    expect(within(rowOf(grid, 'Disposicion 1001.pdf')).getByText('Enviado a firma')).toBeTruthy();
    expect(within(rowOf(grid, 'Disposicion 1002 (firmado).pdf')).getByText('2.35 MB')).toBeTruthy();
    expect(within(rowOf(grid, 'Disposicion 1002 (firmado).pdf')).getByText('Firmado')).toBeTruthy();
  });

  it('offers view and download for a document not signed, and only download for a signed one', () => {
    const grid = show([evidence(1, 'Disposicion 1000.pdf', 1200, 1), evidence(2, 'Firmado.pdf', 1200, 2)]);
    expect(within(grid).getByRole('button', { name: 'Ver Disposicion 1000.pdf' })).toBeTruthy();
    expect(within(grid).getByRole('button', { name: 'Descargar Disposicion 1000.pdf' })).toBeTruthy();
    expect(within(grid).queryByRole('button', { name: 'Ver Firmado.pdf' })).toBeNull();
    expect(within(grid).getByRole('button', { name: 'Descargar Firmado.pdf' })).toBeTruthy();
  });

  it('downloads through the file’s short-lived signed link', async () => {
    const calls = mockApi({
      'GET /api/files/102/link': {
        body: { data: { url: '/api/files/102/signed?expires=1&sig=abc', expiresAt: '2026-11-24T18:05:00Z' } },
      },
    });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const grid = show([evidence(2, 'Firmado.pdf', 1200, 2)]);
    fireEvent.click(within(grid).getByRole('button', { name: 'Descargar Firmado.pdf' }));
    await waitFor(() => expect(clicked).toEqual(['/api/files/102/signed?expires=1&sig=abc']));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/files/102/link']);
    click.mockRestore();
  });

  it('offers the page sizes 10, 25, 50 and 100, and says when there is nothing', () => {
    const grid = show([]);
    expect(within(grid).getByText('No hay documentos')).toBeTruthy();
    const sizes = screen.getByRole('combobox', { name: 'Filas por página:' });
    const options = within(sizes)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['10', '25', '50', '100']);
  });

  it('sorts its rows in the browser by a header, and pages them ten at a time', () => {
    const grid = show(
      Array.from({ length: 12 }, (_, i) =>
        evidence(i + 1, `Doc ${String.fromCharCode(76 - i)}.pdf`, 1000 * (i + 1), 0),
      ),
    );
    const names = () =>
      within(grid)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('gridcell')[0]!.textContent);
    expect(names()).toHaveLength(10);
    expect(screen.getByText('1–10 de 12')).toBeTruthy();
    fireEvent.click(within(grid).getByRole('columnheader', { name: 'Nombre' }));
    expect(names().slice(0, 3)).toEqual(['Doc A.pdf', 'Doc B.pdf', 'Doc C.pdf']);
    fireEvent.click(within(grid).getByRole('columnheader', { name: 'Nombre' }));
    expect(names().slice(0, 2)).toEqual(['Doc L.pdf', 'Doc K.pdf']);
    fireEvent.click(within(grid).getByRole('columnheader', { name: 'Tamaño' }));
    expect(names()[0]).toBe('Doc L.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    expect(names()).toEqual(['Doc B.pdf', 'Doc A.pdf']);
  });
});
