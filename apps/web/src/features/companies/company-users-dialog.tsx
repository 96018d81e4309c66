import type { CompanyListItem } from '@planpiso/domain';
import { AssignedUsersDialog } from '../../components/assigned-users-dialog';
import { useSession } from '../../lib/session';
import { useRolesOfTypes } from '../../lib/lookups';
import { useCompanyUserChange, useCompanyUsers, useMyDealers } from './api/companies';

/**
 * 'Asignar usuarios' of a company (spec 2 §2): assigned users (Usuario, Correo, Acciones; isDefault rows have no
 * remove button) and '+ Asignar Nuevo' with a user picker (dealers of the company's account the caller registered, not yet assigned) and a role
 * picker (roles of types 4 and 5).
 */
export function CompanyUsersDialog({ company, onClose }: { company: CompanyListItem; onClose: () => void }) {
  const userId = useSession()?.user.id ?? 0;
  const users = useCompanyUsers(company.id);
  const dealers = useMyDealers(userId, company.accountId);
  const roles = useRolesOfTypes([4, 5], true);
  const change = useCompanyUserChange(company.id);
  return (
    <AssignedUsersDialog
      title={`Usuarios asignados · ${company.name}`}
      tableLabel="Usuarios de la compañía"
      users={users.data?.items ?? []}
      candidates={dealers.data ?? []}
      extra={{ label: 'Rol', options: (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })) }}
      assign={(id, roleId) => change.mutateAsync({ userId: id, roleId: Number(roleId) })}
      remove={(id) => change.mutateAsync({ userId: id })}
      onClose={onClose}
    />
  );
}
