import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PagedGrid } from '../../components/paged-grid';
import { useUrlListState } from '../../components/use-url-list-state';
import { useCan, useUserType } from '../../lib/can';
import { useSession } from '../../lib/session';
import { USER_LIST, useUsers } from './api/get-users';
import { userColumns } from './user-columns';
import { UserListFilters } from './user-list-filters';
import { useUserRowActions } from './use-user-row-actions';
import { gridQuery } from '../../lib/server-list';

/** /usuarios (spec 1 §2.5): the users in the caller's scope, paged and sorted by the server (email ascending). */
export function UserListPage() {
  const actorId = useSession()?.user.id;
  const actorType = useUserType();
  const mayEdit = useCan('PUT /api/users/:id');
  const mayResend = useCan('PATCH /api/users/:id/resend');
  const navigate = useNavigate();
  const list = useUrlListState(USER_LIST);
  const users = useUsers(list.query);
  const { askStatus, askResend, dialogs } = useUserRowActions();

  const columns = useMemo(
    () =>
      actorId === undefined || actorType === null
        ? []
        : userColumns({
            actor: { id: actorId, type: actorType },
            mayEdit,
            mayResend,
            onEdit: (user) => void navigate(`/editar-usuario/${user.id}`),
            onResend: askResend,
            onToggle: askStatus,
          }),
    [actorId, actorType, mayEdit, mayResend, navigate, askResend, askStatus],
  );
  if (actorType === null) return null;

  return (
    <>
      <UserListFilters values={list.filters} onSearch={list.setFilters} actorType={actorType} />
      <PagedGrid label="Usuarios" columns={columns} {...gridQuery(users)} list={list} />
      {dialogs}
    </>
  );
}
