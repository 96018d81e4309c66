import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Visibility from '@mui/icons-material/Visibility';
import type { GridColumn } from '../../components/grid-column';
import type { ProvisionReviewItem } from '@planpiso/domain';
import { dateColumn } from '../../components/grid-columns';
import { IconLink } from '../../components/icon-action';
import { PagedGrid } from '../../components/paged-grid';
import { lineTypeColumn, unitCountColumn } from '../../components/provision-columns';
import { ResultDialog } from '../../components/result-dialog';
import { useUrlListState } from '../../components/use-url-list-state';
import { REVIEW_LIST, useReviewList, type ReviewFilter } from './api/provision-review';
import { ProvisionReviewFilters } from './provision-review-filters';
import { savedMessageOf } from './review-saved';
import { gridQuery } from '../../lib/server-list';

/**
 * The grid (spec 3 §2 "Disposition review list"): disposition number, company, FinBe operator, type, units, date
 * (dd/MM/yyyy HH:mm) and the view link. Sortable: the server's keys (folio, countUnits, createdAt).
 */
export function reviewColumns(): GridColumn<ProvisionReviewItem>[] {
  return [
    { field: 'folio', headerName: 'N° de disposición', minWidth: 140, flex: 0.6 },
    { field: 'companyName', headerName: 'Compañía', sortable: false, flex: 1.2, minWidth: 160 },
    { field: 'operatorName', headerName: 'Operador FinBe', sortable: false, flex: 1, minWidth: 150 },
    lineTypeColumn<ProvisionReviewItem>(110),
    unitCountColumn<ProvisionReviewItem>(),
    dateColumn<ProvisionReviewItem>('createdAt', 'Fecha', { withTime: true, minWidth: 140 }),
    {
      field: 'view',
      headerName: 'Ver',
      sortable: false,
      minWidth: 80,
      renderCell: ({ row }) => (
        <IconLink
          title="Ver"
          label={`Ver ${row.folio}`}
          icon={<Visibility fontSize="small" />}
          to={`/disposiciones-revision/${row.id}`}
        />
      ),
    },
  ];
}

/**
 * /disposiciones-revision (spec 3 §2, type 2): the provisions at Validación of the administrator's accounts, paged,
 * filtered and sorted by the server (folio ascending by default, spec 3 §9). Back from a saved review, the result
 * dialog shows the server's 'Disposición actualizada correctamente' (spec 3 §8).
 */
export function ProvisionReviewListPage() {
  const list = useUrlListState(REVIEW_LIST);
  const rows = useReviewList(list.query);
  const columns = useMemo(reviewColumns, []);
  const location = useLocation();
  const navigate = useNavigate();
  const saved = savedMessageOf(location.state);
  const search = (values: Record<ReviewFilter, string>) =>
    // The number is digits only (the server refuses anything else).
    list.setFilters({ ...values, folio: values.folio.replace(/\D/g, '') });

  return (
    <>
      <ProvisionReviewFilters values={list.filters} onSearch={search} />
      <PagedGrid label="Disposiciones en revisión" columns={columns} {...gridQuery(rows)} list={list} />
      <ResultDialog
        result={saved === null ? null : { ok: true, message: saved }}
        // The message belongs to this one arrival: replace the entry's state so back/forward does not show it again.
        onAccept={() => void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
      />
    </>
  );
}
