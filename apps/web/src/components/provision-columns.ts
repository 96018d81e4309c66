import { lineTypeLabel } from '@planpiso/domain';
import type { GridColumn } from './grid-column';

type ProvisionRow = { typeLine: string | number };

/** A provision's credit line type (Tipo) by its Spanish name; the server does not sort by it. */
export const lineTypeColumn = <R extends ProvisionRow>(minWidth: number): GridColumn<R> => ({
  field: 'typeLine',
  headerName: 'Tipo',
  sortable: false,
  minWidth,
  valueGetter: (_v, row) => lineTypeLabel(Number(row.typeLine)),
});

/** How many units a provision holds (Unidades), right-aligned; sortable by the server. */
export const unitCountColumn = <R extends ProvisionRow>(): GridColumn<R> => ({
  field: 'countUnits',
  headerName: 'Unidades',
  minWidth: 90,
  align: 'right',
  headerAlign: 'right',
});
