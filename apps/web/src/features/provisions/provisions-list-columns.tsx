import Draw from '@mui/icons-material/Draw';
import Edit from '@mui/icons-material/Edit';
import FolderOpen from '@mui/icons-material/FolderOpen';
import Send from '@mui/icons-material/Send';
import Visibility from '@mui/icons-material/Visibility';
import type { GridColumn } from '../../components/grid-column';
import {
  PROVISION_ROW_LINKS,
  provisionListShowsOperator,
  provisionRowActions,
  provisionStatusName,
  provisionTotalShown,
  type ProvisionListItem,
  type ProvisionRowAction,
  type UserType,
} from '@planpiso/domain';
import { dateColumn } from '../../components/grid-columns';
import { IconAction, IconLink } from '../../components/icon-action';
import { lineTypeColumn, unitCountColumn } from '../../components/provision-columns';
import { formatAmount } from '../../lib/format';

type Options = { type: UserType; onSend: (row: ProvisionListItem) => void };

const LINK_ACTIONS = {
  edit: { title: 'Editar', icon: <Edit fontSize="small" /> },
  view: { title: 'Seguimiento', icon: <Visibility fontSize="small" /> },
  record: { title: 'Expediente', icon: <FolderOpen fontSize="small" /> },
  sign: { title: 'Firmar documentos', icon: <Draw fontSize="small" /> },
} as const satisfies Record<Exclude<ProvisionRowAction, 'send'>, unknown>;

/** A row link: the target screens are routes of their own (spec 3 §2 "Row links"). */
function RowLink({ action, row }: { action: Exclude<ProvisionRowAction, 'send'>; row: ProvisionListItem }) {
  const { title, icon } = LINK_ACTIONS[action];
  return (
    <IconLink title={title} label={`${title} ${row.folio}`} icon={icon} to={PROVISION_ROW_LINKS[action](row.id)} />
  );
}

/**
 * The provisions grid (spec 3 §2): N° de disposición, Cliente (Operador for the dealer roles), Tipo, Monto, Estatus,
 * Unidades, Fecha (dd/MM/yyyy HH:mm) and Acciones. Sortable fields are the server's sort keys (folio, total, status,
 * countUnits, createdAt). The amount comes as a decimal string and is formatted from exact cents; it is shown only at
 * status 1 or from 4 on (spec 3 §4).
 */
export function provisionColumns({ type, onSend }: Options): GridColumn<ProvisionListItem>[] {
  const operator = provisionListShowsOperator(type);
  return [
    { field: 'folio', headerName: 'N° de disposición', minWidth: 140, flex: 0.6 },
    {
      field: operator ? 'operatorName' : 'companyName',
      headerName: operator ? 'Operador' : 'Cliente',
      sortable: false,
      flex: 1.2,
      minWidth: 150,
    },
    lineTypeColumn<ProvisionListItem>(100),
    {
      field: 'total',
      headerName: 'Monto',
      minWidth: 120,
      flex: 0.7,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_v, row) => (provisionTotalShown(row.status) ? formatAmount(row.total) : '-'),
    },
    {
      field: 'status',
      headerName: 'Estatus',
      minWidth: 130,
      flex: 0.8,
      valueGetter: (_v, row) => provisionStatusName(row.status),
    },
    unitCountColumn<ProvisionListItem>(),
    dateColumn<ProvisionListItem>('createdAt', 'Fecha', { withTime: true, minWidth: 135 }),
    {
      field: 'actions',
      headerName: 'Acciones',
      sortable: false,
      // Four icons at most (a Creada row of type 5): edit, send, follow-up, record.
      minWidth: 150,
      renderCell: ({ row }) =>
        provisionRowActions(type, row.status).map((action) =>
          action === 'send' ? (
            <IconAction
              key={action}
              title="Enviar a validar"
              label={`Enviar a validar ${row.folio}`}
              icon={<Send fontSize="small" />}
              onClick={() => onSend(row)}
            />
          ) : (
            <RowLink key={action} action={action} row={row} />
          ),
        ),
    },
  ];
}
