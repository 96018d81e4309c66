import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { PROVISION_LIST_MESSAGES, isUserType, provisionListFilters } from '@planpiso/domain';
import { PagedGrid } from '../../components/paged-grid';
import { useUrlListState } from '../../components/use-url-list-state';
import { useSession } from '../../lib/session';
import { createsProvisions } from './api/operating-window';
import { PROVISION_LIST, useProvisions } from './api/provisions-list';
import { CreditLineSelector } from './credit-line-selector';
import { useSendToValidateAction } from './provisions-list-actions';
import { provisionColumns } from './provisions-list-columns';
import { ProvisionListFilters, type BarFilter } from './provisions-list-filters';
import { useProvisionListFlags } from './provisions-list-flags';
import { gridQuery } from '../../lib/server-list';

/**
 * /disposiciones (spec 3 §2 "Provisions list", §6): the provisions in the caller's scope — the server decides which
 * (types 1 and 2 statuses 3–10, type 3 its accounts, type 4 its companies 5–10, type 5 its company) — paged, filtered
 * and sorted by the server, date descending by default. The dealer roles get the credit-line selector with the
 * available balance; type 5 gets the title-bar buttons, their flags, and the operating window's notice.
 */
export function ProvisionListPage() {
  const user = useSession()?.user;
  const type = user && isUserType(user.type) ? user.type : null;
  const viewer = useMemo(
    () => (user && type !== null ? { id: user.id, type, companyId: user.company?.id ?? null } : null),
    [user, type],
  );
  const list = useUrlListState(PROVISION_LIST);
  const provisions = useProvisions(viewer, list.query);
  const { askSend, dialogs } = useSendToValidateAction();
  // The user who has Crear Nuevo is the one the operating window and the flags concern.
  const creates = createsProvisions(type);
  const { window } = useProvisionListFlags(creates);

  const columns = useMemo(() => (type === null ? [] : provisionColumns({ type, onSend: askSend })), [type, askSend]);
  if (viewer === null) return null;

  const { creditLine, ...barValues } = list.filters;
  const search = (values: Record<BarFilter, string>) =>
    // The number is digits only (the server refuses anything else): a stray letter is not worth an error page.
    list.setFilters({ ...values, folio: values.folio.replace(/\D/g, ''), creditLine });

  return (
    <>
      {creates && window && !window.allowed && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{PROVISION_LIST_MESSAGES.createUnavailable}</AlertTitle>
          {window.message}
        </Alert>
      )}
      {provisionListFilters(viewer.type).creditLine && (
        <CreditLineSelector
          clientNumber={user?.company?.clientId ?? null}
          value={creditLine}
          onChange={(line) => list.setFilters({ ...list.filters, creditLine: line })}
        />
      )}
      <ProvisionListFilters values={barValues} onSearch={search} viewer={viewer} />
      <PagedGrid label="Disposiciones" columns={columns} {...gridQuery(provisions)} list={list} />
      {dialogs}
    </>
  );
}
