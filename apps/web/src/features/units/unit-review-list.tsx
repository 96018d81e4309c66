import { useEffect, useMemo, useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import type { GridColumn } from '../../components/grid-column';
import { confirmRemoveUnit, type UnitUnderReview } from '@planpiso/domain';
import { FilterBar } from '../../components/filter-bar';
import { TextField } from '../../components/form/text-field';
import { IconAction } from '../../components/icon-action';
import { PagedGrid } from '../../components/paged-grid';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useUrlListState } from '../../components/use-url-list-state';
import { formatAmount, formatDate } from '../../lib/format';
import { UNIT_REVIEW_LIST, useUnitsReview } from './api/get-units-review';
import { useRemoveUnit } from './api/remove-unit';
import { reviewSelection, useReviewSelection } from './review-selection';
import { UnitCommentDialog } from './unit-comment-dialog';
import { UnitDocumentsDialog } from './unit-documents-dialog';
import { gridQuery } from '../../lib/server-list';
import { actionsColumn } from '../../components/grid-columns';

type Actions = {
  isChecked: (id: number) => boolean;
  comment: (unit: UnitUnderReview) => void;
  documents: (unit: UnitUnderReview) => void;
  remove: (unit: UnitUnderReview) => void;
};

function unitColumns(actions: Actions): GridColumn<UnitUnderReview>[] {
  return [
    {
      field: 'check',
      headerName: 'Incluir',
      sortable: false,
      width: 80,
      renderCell: ({ row }) => (
        <Checkbox
          size="small"
          checked={actions.isChecked(row.id)}
          onChange={(event) => reviewSelection.toggle(row, event.target.checked)}
          slotProps={{ input: { 'aria-label': `Incluir ${row.vinNumber}` } }}
        />
      ),
    },
    { field: 'model', headerName: 'Modelo', minWidth: 90 },
    { field: 'motorNumber', headerName: 'N° de motor', flex: 1, minWidth: 150 },
    { field: 'vinNumber', headerName: 'N° VIN', flex: 1.2, minWidth: 190 },
    { field: 'color', headerName: 'Color', flex: 0.8, minWidth: 120 },
    {
      field: 'amount',
      headerName: 'Monto',
      minWidth: 130,
      align: 'right',
      headerAlign: 'right',
      valueFormatter: (value: string) => formatAmount(value),
    },
    {
      field: 'createdAt',
      headerName: 'Fecha de creación',
      minWidth: 150,
      valueFormatter: (value: string) => formatDate(value),
    },
    actionsColumn(140, ({ row }) => (
      <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
        <IconAction
          title="Ver comentario"
          label={`Ver comentario ${row.vinNumber}`}
          icon={<ChatBubbleOutline fontSize="small" />}
          onClick={() => actions.comment(row)}
        />
        <IconAction
          title="Cargar documentos"
          label={`Cargar documentos ${row.vinNumber}`}
          icon={<UploadFile fontSize="small" />}
          onClick={() => actions.documents(row)}
        />
        <IconAction
          title="Remover"
          label={`Remover ${row.vinNumber}`}
          icon={<DeleteOutline fontSize="small" />}
          onClick={() => actions.remove(row)}
        />
      </Stack>
    )),
  ];
}

/**
 * /unidades (spec 3 §2 "Units under review", type 5): the operator's units of rejected provisions, filtered by model
 * and VIN, with the comment, their documents and Remover per row; the ticked units go to the title bar's Crear Nuevo
 * ('Creación de disposición', create-provision-dialog.tsx).
 */
export function UnitReviewListPage() {
  const list = useUrlListState(UNIT_REVIEW_LIST);
  const units = useUnitsReview(list.query);
  const removeUnit = useRemoveUnit();
  const selection = useReviewSelection();
  const [commented, setCommented] = useState<UnitUnderReview | null>(null);
  const [documented, setDocumented] = useState<UnitUnderReview | null>(null);
  useEffect(() => reviewSelection.clear(), []);

  const removal = useConfirmedAction<UnitUnderReview>({
    run: async (unit) => {
      const answer = await removeUnit.mutateAsync(unit.id);
      reviewSelection.remove(unit.id);
      return answer;
    },
    prompt: (unit) => ({ title: 'Remover', message: confirmRemoveUnit(unit.vinNumber) }),
  });
  const { ask } = removal;
  const columns = useMemo(
    () =>
      unitColumns({
        isChecked: (id) => selection.has(id),
        comment: setCommented,
        documents: setDocumented,
        remove: ask,
      }),
    [selection, ask],
  );

  return (
    <>
      <FilterBar values={list.filters} onSearch={list.setFilters}>
        {(control) => (
          <>
            <TextField control={control} name="model" label="Modelo" size="small" />
            <TextField control={control} name="vinNumber" label="VIN" size="small" />
          </>
        )}
      </FilterBar>
      <PagedGrid label="Unidades en revisión" columns={columns} {...gridQuery(units)} list={list} />
      <UnitCommentDialog unit={commented} onClose={() => setCommented(null)} />
      {documented && <UnitDocumentsDialog unit={documented} onClose={() => setDocumented(null)} />}
      {removal.dialogs}
    </>
  );
}
