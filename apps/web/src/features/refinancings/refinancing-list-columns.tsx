import Send from '@mui/icons-material/Send';
import ForwardToInbox from '@mui/icons-material/ForwardToInboxOutlined';
import Visibility from '@mui/icons-material/Visibility';
import Draw from '@mui/icons-material/Draw';
import type { GridColumn } from '../../components/grid-column';
import {
  REFINANCING_STATUS_NAMES,
  SIGNING_MESSAGES,
  canSignRefinancing,
  refinancingActionsFor,
  refinancingSignLink,
  type RefinancingStatus,
} from '@planpiso/domain';
import { amountColumn, dateColumn, actionsColumn } from '../../components/grid-columns';
import { IconAction, IconLink } from '../../components/icon-action';
import type { RefinancingListItem } from './api/refinancings-list';
import type { ListAction } from './api/refinancing-list-actions';

type Options = {
  type: number;
  clientColumn: boolean;
  onAction: (row: RefinancingListItem, action: ListAction) => void;
};

const BUTTONS = {
  sendToFinbe: { title: 'Enviar a FinBe', icon: <ForwardToInbox fontSize="small" /> },
  send: { title: 'Enviar', icon: <Send fontSize="small" /> },
} as const satisfies Record<ListAction, unknown>;

/** The list's actions the machine offers this type on the row (refinancingActionsFor), in the spec's order. */
const listActions = (type: number, row: RefinancingListItem): ListAction[] => {
  // The list does not carry adminValidated; neither list button depends on it.
  const offered = refinancingActionsFor(type, { ...row, adminValidated: false });
  return (['sendToFinbe', 'send'] as const).filter((a) => offered.includes(a));
};

/**
 * The grid of /refinanciamientos (spec 3 §2): N° de Refinanciamiento (the manual folio when used), Monto dispuesto
 * (en-US), Cliente (type 2), Estatus, N. Unidades, Fecha and Acciones (Enviar a FinBe, Visualizar, Enviar, and for the
 * legal representative 'Firmar documentos' while out for signature — issue 26). Sortable
 * fields are the server's (folio, total, status, createdAt).
 */
export function refinancingColumns({ type, clientColumn, onAction }: Options): GridColumn<RefinancingListItem>[] {
  const client: GridColumn<RefinancingListItem> = {
    field: 'companyName',
    headerName: 'Cliente',
    sortable: false,
    flex: 1.2,
    minWidth: 160,
  };
  return [
    { field: 'folio', headerName: 'N° de Refinanciamiento', minWidth: 170, flex: 0.7 },
    amountColumn<RefinancingListItem>('total', 'Monto dispuesto', { minWidth: 150, flex: 0.8 }),
    ...(clientColumn ? [client] : []),
    {
      field: 'status',
      headerName: 'Estatus',
      minWidth: 170,
      flex: 0.9,
      valueGetter: (_v, row) => REFINANCING_STATUS_NAMES[row.status as RefinancingStatus] ?? String(row.status),
    },
    {
      field: 'countUnits',
      headerName: 'N. Unidades',
      sortable: false,
      minWidth: 110,
      align: 'right',
      headerAlign: 'right',
    },
    dateColumn<RefinancingListItem>('createdAt', 'Fecha', { minWidth: 110 }),
    actionsColumn(140, ({ row }) => {
      const actions = listActions(type, row);
      const button = (action: ListAction) => (
        <IconAction
          key={action}
          title={BUTTONS[action].title}
          label={`${BUTTONS[action].title} ${row.folio}`}
          icon={BUTTONS[action].icon}
          onClick={() => onAction(row, action)}
        />
      );
      return (
        <>
          {actions.includes('sendToFinbe') && button('sendToFinbe')}
          <IconLink
            title="Visualizar"
            label={`Visualizar ${row.folio}`}
            icon={<Visibility fontSize="small" />}
            to={`/refinanciamientos/${row.id}`}
          />
          {actions.includes('send') && button('send')}
          {canSignRefinancing(type, row.status) && (
            <IconLink
              title={SIGNING_MESSAGES.signDocumentsTitle}
              label={`${SIGNING_MESSAGES.signDocumentsTitle} ${row.folio}`}
              icon={<Draw fontSize="small" />}
              to={refinancingSignLink(row.id)}
            />
          )}
        </>
      );
    }),
  ];
}
