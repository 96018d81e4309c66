import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import Edit from '@mui/icons-material/Edit';
import FactCheck from '@mui/icons-material/FactCheckOutlined';
import type { GridColumn } from '../../components/grid-column';
import { auditLineState, lotAuditStatusName, type AuditResponse } from '@planpiso/domain';
import { FilterBar } from '../../components/filter-bar';
import { dateColumn, actionsColumn } from '../../components/grid-columns';
import { IconAction } from '../../components/icon-action';
import { PagedGrid } from '../../components/paged-grid';
import { useUrlListState } from '../../components/use-url-list-state';
import { useAccounts } from '../../lib/lookups';
import { AUDIT_LIST, useAudits } from './api/audits';
import { gridQuery } from '../../lib/server-list';
import { FilterSelect } from '../../components/form/filter-select';

type Row = AuditResponse;

function columns(edit: (row: Row) => void, units: (row: Row) => void): GridColumn<Row>[] {
  return [
    { field: 'folio', headerName: 'Folio', minWidth: 90 },
    { field: 'company', headerName: 'Compañía', flex: 1, minWidth: 200, valueGetter: (_v, row) => row.company.name },
    {
      field: 'isSuspended',
      headerName: 'Estado de la línea',
      minWidth: 150,
      valueGetter: (_v, row) => auditLineState(row.isSuspended),
    },
    // The lot audit's own state (issue 29 §3): a closed one keeps its units and report, and is no longer edited.
    {
      field: 'status',
      headerName: 'Auditoría',
      minWidth: 110,
      sortable: false,
      valueGetter: (_v, row) => lotAuditStatusName(row.status),
    },
    dateColumn<Row>('initialDate', 'Inicio', { minWidth: 120 }),
    dateColumn<Row>('endDate', 'Fin', { minWidth: 120 }),
    actionsColumn(
      110,
      ({ row }) => (
        <>
          {/* A closed audit is final (decision 081): its units and report only. */}
          {row.can.edit && (
            <IconAction
              title="Editar"
              label={`Editar auditoría ${row.folio}`}
              icon={<Edit fontSize="small" />}
              onClick={() => edit(row)}
            />
          )}
          <IconAction
            title="Unidades"
            label={`Unidades de la auditoría ${row.folio}`}
            icon={<FactCheck fontSize="small" />}
            onClick={() => units(row)}
          />
        </>
      ),
      'Editar',
    ),
  ];
}

/**
 * /auditorias (spec 3 §2 "Audits"): the administrator's audits with an account filter; folio, company, line state,
 * start, end and edit. Cambiar Vista and Crear Nuevo are the title bar's (domain route table).
 */
export function AuditListPage() {
  const navigate = useNavigate();
  const list = useUrlListState(AUDIT_LIST);
  const audits = useAudits(list.query);
  const accounts = useAccounts(true);
  const cols = useMemo(
    () =>
      columns(
        (row) => void navigate(`/editar-auditoria/${row.id}`),
        (row) => void navigate(`/auditorias/${row.id}/unidades`),
      ),
    [navigate],
  );

  return (
    <>
      <FilterBar values={list.filters} onSearch={list.setFilters}>
        {(control) => <FilterSelect control={control} name="account" label="Cuenta" all="Todas" rows={accounts.data} />}
      </FilterBar>
      <PagedGrid label="Auditorías" columns={cols} {...gridQuery(audits)} list={list} />
    </>
  );
}
