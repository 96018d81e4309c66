import { useMemo } from 'react';
import { REFINANCING_MESSAGES as M, isUserType, refinancingScreenFlags } from '@planpiso/domain';
import { FilterBar } from '../../components/filter-bar';
import { TextField } from '../../components/form/text-field';
import { PagedGrid } from '../../components/paged-grid';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useUrlListState } from '../../components/use-url-list-state';
import { useAssignedCompanies } from '../../lib/lookups';
import { useSession } from '../../lib/session';
import { useRefinancingListAction, type ListAction } from './api/refinancing-list-actions';
import {
  REFINANCING_LIST,
  useRefinancings,
  type RefinancingFilter,
  type RefinancingListItem,
} from './api/refinancings-list';
import { refinancingColumns } from './refinancing-list-columns';
import { gridQuery } from '../../lib/server-list';
import { FilterSelect } from '../../components/form/filter-select';

type Values = Record<RefinancingFilter, string>;
type Subject = { row: RefinancingListItem; action: ListAction };

/**
 * /refinanciamientos (spec 3 §2, §4 visibility per type, §9 folio order): the refinancings the caller sees, paged,
 * filtered (folio; company for type 3) and sorted by the server. Visualizar opens the follow-up; Enviar a FinBe and
 * Enviar show where the domain's `refinancingActionsFor` offers them.
 */
export function RefinancingListPage() {
  const user = useSession()?.user;
  const type = user && isUserType(user.type) ? user.type : 0;
  const flags = refinancingScreenFlags(type);
  const list = useUrlListState(REFINANCING_LIST);
  const refinancings = useRefinancings(list.query);
  const companies = useAssignedCompanies(user?.id ?? 0, flags.companyFilter && user !== undefined);
  const act = useRefinancingListAction();

  const flow = useConfirmedAction<Subject>({
    run: ({ row, action }) => act.mutateAsync({ id: row.id, action }),
    prompt: ({ row, action }) => ({
      title: action === 'sendToFinbe' ? 'Enviar a FinBe' : 'Enviar',
      message: action === 'sendToFinbe' ? M.confirmSendToFinbe(row.folio) : M.confirmSend(row.folio),
    }),
  });
  const { ask } = flow;
  const columns = useMemo(
    () =>
      refinancingColumns({
        type,
        clientColumn: flags.clientColumn,
        onAction: (row, action) => ask({ row, action }),
      }),
    [type, flags.clientColumn, ask],
  );

  const search = (values: Values) =>
    // The folio is digits only (the server refuses anything else).
    list.setFilters({ ...values, folio: values.folio.replace(/\D/g, '') });

  return (
    <>
      <FilterBar values={list.filters} onSearch={search}>
        {(control) => (
          <>
            {flags.companyFilter && (
              <FilterSelect
                control={control}
                name="company"
                label="Compañía"
                all="Todas"
                placeholder="Todas"
                rows={companies.data}
              />
            )}
            <TextField control={control} name="folio" label="N° de Refinanciamiento" size="small" inputMode="numeric" />
          </>
        )}
      </FilterBar>
      <PagedGrid label="Refinanciamientos" columns={columns} {...gridQuery(refinancings)} list={list} />
      {flow.dialogs}
    </>
  );
}
