// @vitest-environment jsdom
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { render, screen, within } from '@testing-library/react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@planpiso/domain';
import '../test/dom';
import { ConfirmDialog } from './confirm-dialog';
import { EmptyTableRow } from './empty-table-row';

// Issue 14 §1.9: one wording for empty tables, one shape for confirmations.
const SRC = join(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

describe('one empty state, one confirmation shape', () => {
  it('an empty table reads the same as an empty grid', () => {
    render(
      <Table>
        <TableBody>
          <EmptyTableRow colSpan={3} />
        </TableBody>
      </Table>,
    );
    expect(screen.getByRole('cell').textContent).toBe(MESSAGES.emptyGrid);
    expect(screen.getByRole('cell').getAttribute('colspan')).toBe('3');
  });

  it('no screen words its own empty table, and every table body that can be empty uses EmptyTableRow', () => {
    const offenders: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      const name = relative(SRC, file);
      if (/\b(Sin (registros|usuarios|firmantes|datos|resultados)|No hay (datos|usuarios))\b/.test(text)) {
        offenders.push(`${name}: its own empty text`);
      }
      // The statistics table always has its 12 months; every other table body may be empty.
      if (text.includes('<TableBody') && !text.includes('<EmptyTableRow') && !name.includes('statistics-page')) {
        offenders.push(`${name}: a table without EmptyTableRow`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('every confirmation is a question with Cancelar and Aceptar', async () => {
    render(<ConfirmDialog open title="Remover" message="¿Seguro?" onConfirm={() => {}} onCancel={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Remover' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancelar', 'Aceptar']);
  });

  it('no screen builds a confirmation of its own or renames its buttons', () => {
    const offenders = sources(SRC)
      .filter((file) => !file.endsWith('confirm-dialog.tsx'))
      .filter((file) => /confirmLabel|cancelLabel|window\.confirm\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
