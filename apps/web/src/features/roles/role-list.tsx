import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Edit from '@mui/icons-material/Edit';
import type { GridColumn } from '../../components/grid-column';
import {
  MESSAGES,
  ROLE_STATUS_MACHINE,
  askMachine,
  toggleActionOf,
  type RoleResponse,
  type StateActor,
} from '@planpiso/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DateRange } from '../../components/date-range';
import { FilterBar } from '../../components/filter-bar';
import { TextField } from '../../components/form/text-field';
import { dateColumn, actionsColumn } from '../../components/grid-columns';
import { statusColumn } from '../../components/status-column';
import { PagedGrid } from '../../components/paged-grid';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { useUrlListState } from '../../components/use-url-list-state';
import { useCan, useStateActor } from '../../lib/can';
import { ROLE_LIST, useRoles } from './api/get-roles';
import { useSetRoleActive } from './api/set-role-active';
import { IconAction } from '../../components/icon-action';
import { gridQuery } from '../../lib/server-list';

type ColumnOptions = {
  actor: StateActor;
  mayEdit: boolean;
  onEdit: (role: RoleResponse) => void;
  onToggle: (role: RoleResponse) => void;
};

/** Rol, Descripción, Fecha, Acciones (edit) and Estatus (spec 1 §2.7); fields are the server's sort keys. */
function roleColumns({ actor, mayEdit, onEdit, onToggle }: ColumnOptions): GridColumn<RoleResponse>[] {
  return [
    { field: 'name', headerName: 'Rol', flex: 1, minWidth: 180 },
    { field: 'description', headerName: 'Descripción', flex: 1.6, minWidth: 220 },
    dateColumn<RoleResponse>('createdAt', 'Fecha'),
    actionsColumn(
      100,
      ({ row }) =>
        mayEdit && (
          <IconAction
            title="Editar"
            label={`Editar ${row.name}`}
            icon={<Edit fontSize="small" />}
            onClick={() => onEdit(row)}
          />
        ),
    ),
    // The role status machine decides who toggles (spec 1 §6), as the server does.
    statusColumn(
      (row) => row.name,
      onToggle,
      (row) => askMachine(ROLE_STATUS_MACHINE, actor, toggleActionOf(row), row).allowed,
    ),
  ];
}

/** /roles (spec 1 §2.7): filters by name and created range, paged and sorted by the server (name ascending). */
export function RoleListPage() {
  const navigate = useNavigate();
  const mayEdit = useCan('PUT /api/roles/:id');
  const actor = useStateActor();
  const list = useUrlListState(ROLE_LIST);
  const roles = useRoles(list.query);
  const setActive = useSetRoleActive();
  const [pending, setPending] = useState<RoleResponse | null>(null);
  const [result, setResult] = useState<ActionResult | null>(null);

  const onToggle = useCallback((role: RoleResponse) => setPending(role), []);
  const columns = useMemo(
    () =>
      actor === null
        ? []
        : roleColumns({ actor, mayEdit, onEdit: (role) => void navigate(`/editar-rol/${role.id}`), onToggle }),
    [actor, mayEdit, navigate, onToggle],
  );

  const confirm = async () => {
    if (!pending) return;
    try {
      // The inverse of the row's current value (spec 1 §4), from the version the list showed (decision 016).
      const answer = await setActive.mutateAsync({
        id: pending.id,
        active: !pending.isActive,
        version: pending.version,
      });
      setResult({ ok: true, message: answer.message ?? MESSAGES.roleStatusChanged });
    } catch (error) {
      setResult(errorResult(error));
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <FilterBar values={list.filters} onSearch={list.setFilters}>
        {(control) => (
          <>
            <TextField control={control} name="name" label="Nombre" size="small" />
            <DateRange control={control} from="from" to="to" />
          </>
        )}
      </FilterBar>
      <PagedGrid label="Roles" columns={columns} {...gridQuery(roles)} list={list} />
      <ConfirmDialog
        open={pending !== null}
        message={MESSAGES.confirmRoleStatus}
        busy={setActive.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
      <ResultDialog result={result} onAccept={() => setResult(null)} />
    </>
  );
}
