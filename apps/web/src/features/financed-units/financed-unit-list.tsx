import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { GridColumn } from '../../components/grid-column';
import {
  FINANCED_UNIT_MESSAGES as M,
  FINANCED_UNIT_STATUSES,
  OUTSTANDING_STATUSES,
  PORTFOLIO_MESSAGES,
  financedUnitStatusName,
  type FinancedUnitItem,
} from '@planpiso/domain';
import { DateRange } from '../../components/date-range';
import { FilterBar } from '../../components/filter-bar';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { amountColumn, dateColumn } from '../../components/grid-columns';
import { PagedGrid } from '../../components/paged-grid';
import { useUrlListState } from '../../components/use-url-list-state';
import { XlsxExportButton } from '../../components/xlsx-export-button';
import { formatAmount, formatDate } from '../../lib/format';
import { gridQuery } from '../../lib/server-list';
import { FINANCED_UNIT_LIST, downloadFinancedUnits, useFinancedUnits } from './api/get-financed-units';
import { FinancedUnitStatusChip } from './financed-unit-status';
import { PORTFOLIO_LINK_FILTERS, PortfolioFilterChips } from './portfolio-filter-chips';

const STATUS_OPTIONS = [
  ...FINANCED_UNIT_STATUSES.map((status) => ({ value: String(status), label: financedUnitStatusName(status) })),
  // The portfolio's links: every unit not yet Liquidada.
  { value: OUTSTANDING_STATUSES.join(','), label: PORTFOLIO_MESSAGES.filterChips.outstanding },
];

/** The register's columns (issue 29 item 1); the sortable ones are the server's sort keys. */
export function financedUnitColumns(): GridColumn<FinancedUnitItem>[] {
  return [
    {
      field: 'vin',
      headerName: 'VIN',
      minWidth: 175,
      // The row's way to its detail and history.
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/unidades-financiadas/${row.id}`}>
          {row.vin}
        </Link>
      ),
    },
    {
      field: 'model',
      headerName: 'Modelo',
      minWidth: 150,
      flex: 1,
      sortable: false,
      // The unit's model is its year ('2027'): brand and version say which car it is.
      valueGetter: (_v, row) => [row.brand, row.description, row.model].filter(Boolean).join(' '),
    },
    { field: 'companyName', headerName: 'Empresa', minWidth: 130, flex: 0.8 },
    {
      field: 'agencyName',
      headerName: 'Sucursal',
      minWidth: 120,
      sortable: false,
      valueGetter: (_v, row) => row.agencyName ?? '-',
    },
    { field: 'folio', headerName: 'Folio', minWidth: 70 },
    {
      field: 'creditNumber',
      headerName: 'N° de crédito',
      minWidth: 110,
      sortable: false,
      valueGetter: (_v, row) => row.creditNumber ?? '-',
    },
    amountColumn<FinancedUnitItem>('amount', 'Monto financiado', { minWidth: 140 }),
    // The CRM's money as the register's reconciliation last read it (decision 080): no CRM call per page.
    {
      ...amountColumn<FinancedUnitItem>('balancePrincipal', M.balancePrincipal, { minWidth: 130, sortable: false }),
      valueGetter: (_v, row) => row.balance?.principal ?? null,
    },
    {
      field: 'nextCurtailment',
      headerName: M.balanceNextCurtailment,
      minWidth: 190,
      sortable: false,
      valueGetter: (_v, row) => {
        const next = row.balance?.nextCurtailment;
        return next ? `${formatDate(next.date)} · ${formatAmount(next.amount)}` : '-';
      },
    },
    dateColumn<FinancedUnitItem>('releasedOn', 'Liberada', { minWidth: 100 }),
    dateColumn<FinancedUnitItem>('endsOn', 'Vence', { minWidth: 100 }),
    {
      field: 'daysFloored',
      headerName: 'Días en piso',
      minWidth: 100,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
    },
    {
      field: 'status',
      headerName: 'Estatus',
      minWidth: 180,
      renderCell: ({ row }) => <FinancedUnitStatusChip status={row.status} />,
    },
  ];
}

/**
 * /unidades-financiadas (issue 29 items 1 and 5): every released unit the caller sees — the server scopes it as
 * provisions, so the dealer sees its own units — with its amount, age and status; filters VIN, status and release
 * days; paged and sorted by the server, latest released first; the XLSX of the same filters.
 */
export function FinancedUnitListPage() {
  const list = useUrlListState(FINANCED_UNIT_LIST);
  const units = useFinancedUnits(list.query);
  const columns = useMemo(financedUnitColumns, []);

  return (
    <>
      <FilterBar values={list.filters} onSearch={list.setFilters}>
        {(control) => (
          <>
            <TextField control={control} name="vin" label="VIN" size="small" />
            <SelectField
              control={control}
              name="status"
              label="Estatus"
              size="small"
              emptyLabel="Todos"
              options={STATUS_OPTIONS}
            />
            <DateRange control={control} from="from" to="to" />
          </>
        )}
      </FilterBar>
      <PortfolioFilterChips
        filters={list.filters}
        firstRow={units.data?.items[0]}
        onClear={() =>
          list.setFilters({ ...list.filters, ...Object.fromEntries(PORTFOLIO_LINK_FILTERS.map((name) => [name, ''])) })
        }
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
        {/* Exportar XLSX: the rows of the filters in force, every page, as the server names the file. */}
        <XlsxExportButton
          label={M.exportXlsx}
          fallbackName={`${M.xlsxSheet}.xlsx`}
          download={() => downloadFinancedUnits(list.query)}
        />
      </Box>
      <PagedGrid label="Unidades financiadas" columns={columns} {...gridQuery(units)} list={list} />
    </>
  );
}
