import { useState } from 'react';
import Pagination from '@mui/material/Pagination';
import type { AgencyLookupItem } from '@planpiso/domain';
import { AssignedUsersDialog } from '../../components/assigned-users-dialog';
import { useAccountDealers, useBranchUserChange, useBranchUsers } from './api/branches';

/**
 * 'Usuarios asignados' of a branch (spec 2 §2): the users (name, e-mail; by e-mail, 10 a page) with a remove action,
 * and '+ Asignar Nuevo' revealing a user selector (the dealers of the branch's account) with Guardar and Cancelar.
 */
export function BranchUsersDialog({ branch, onClose }: { branch: AgencyLookupItem; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const users = useBranchUsers(branch.id, page);
  const dealers = useAccountDealers(branch.accountId);
  const change = useBranchUserChange(branch.id);
  const pages = Math.max(1, Math.ceil((users.data?.total ?? 0) / 10));
  return (
    <AssignedUsersDialog
      title={`Usuarios asignados · ${branch.name}`}
      tableLabel="Usuarios asignados"
      users={users.data?.items ?? []}
      candidates={dealers.data ?? []}
      assign={(userId) => change.mutateAsync({ userId, remove: false })}
      remove={(userId) => change.mutateAsync({ userId, remove: true })}
      footer={pages > 1 && <Pagination count={pages} page={page} onChange={(_e, p) => setPage(p)} size="small" />}
      onClose={onClose}
    />
  );
}
