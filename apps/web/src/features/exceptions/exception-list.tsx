import { useMemo, useState } from 'react';
import Tooltip from '@mui/material/Tooltip';
import Box from '@mui/material/Box';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import Send from '@mui/icons-material/Send';
import Visibility from '@mui/icons-material/Visibility';
import type { GridColumn } from '../../components/grid-column';
import { EXCEPTION_STATUS, FINANCING_MESSAGES as M, USER_TYPE, can, type ExceptionResponse } from '@planpiso/domain';
import { dateColumn, actionsColumn } from '../../components/grid-columns';
import { IconAction } from '../../components/icon-action';
import { PagedGrid } from '../../components/paged-grid';
import { ResultDialog } from '../../components/result-dialog';
import { useUrlListState } from '../../components/use-url-list-state';
import { useSession } from '../../lib/session';
import { EXCEPTION_LIST, useExceptions, useReloadExceptions, type ExceptionFilter } from './api/exceptions';
import { ExceptionFilters } from './exception-filters';
import { ExceptionStepDialog, type ExceptionStepKind } from './exception-step-dialog';
import { ExceptionViewDialog } from './exception-view-dialog';
import { gridQuery } from '../../lib/server-list';

type Actions = { view: (row: ExceptionResponse) => void; send: (row: ExceptionResponse) => void };

/**
 * The grid (spec 3 §2): the number (type 5, 'N° de excepción') or the customer (other types), comment, date
 * (dd/MM/yyyy), the actions (view; send for type 3 while the machine allows it) and the status icon (approved only
 * at status 2).
 */
export function exceptionColumns(userType: number, actions: Actions): GridColumn<ExceptionResponse>[] {
  const actor = { id: 0, type: userType };
  const first: GridColumn<ExceptionResponse> =
    userType === USER_TYPE.AGENCY_OPERATOR
      ? { field: 'folio', headerName: M.exceptionNumber, minWidth: 140, flex: 0.6 }
      : {
          field: 'companyName',
          headerName: M.exceptionCustomer,
          minWidth: 180,
          flex: 1,
          valueGetter: (_v, row) => row.company.name,
        };
  return [
    first,
    { field: 'comment', headerName: M.exceptionComment, sortable: false, flex: 2, minWidth: 220 },
    dateColumn<ExceptionResponse>('createdAt', M.exceptionDate),
    actionsColumn(
      110,
      ({ row }) => (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <IconAction
            title={userType === USER_TYPE.AGENCY_OPERATOR ? M.exceptionViewResponse : M.exceptionViewRequest}
            label={`Ver ${row.folio}`}
            icon={<Visibility fontSize="small" />}
            onClick={() => actions.view(row)}
          />
          {can(actor, 'exception.review', row).allowed && (
            <IconAction
              title={M.exceptionSend}
              label={`${M.exceptionSend} ${row.folio}`}
              icon={<Send fontSize="small" />}
              onClick={() => actions.send(row)}
            />
          )}
        </Box>
      ),
      M.exceptionActions,
    ),
    {
      field: 'status',
      headerName: M.exceptionStatusColumn,
      minWidth: 90,
      renderCell: ({ row }) =>
        row.status === EXCEPTION_STATUS.APPROVED ? (
          <Tooltip title={M.exceptionApproved}>
            <CheckCircle color="success" aria-label={M.exceptionApproved} sx={{ verticalAlign: 'middle' }} />
          </Tooltip>
        ) : (
          <Tooltip title={M.exceptionNotApproved}>
            <Cancel color="error" aria-label={M.exceptionNotApproved} sx={{ verticalAlign: 'middle' }} />
          </Tooltip>
        ),
    },
  ];
}

/**
 * /excepciones, Solicitudes de excepciones (spec 3 §2, §4): each type's exceptions, newest first, paged by the
 * server; a failing list shows '¡Ocurrió un error!' (spec 3 §8). Type 3 sends observations, type 2 approves or
 * rejects from the view dialog, type 5 reads the answer.
 */
export function ExceptionListPage() {
  const userType = useSession()?.user.type ?? 0;
  const list = useUrlListState(EXCEPTION_LIST);
  const rows = useExceptions(userType, list.query);
  const reload = useReloadExceptions();
  const [viewing, setViewing] = useState<ExceptionResponse | null>(null);
  const [step, setStep] = useState<{ exception: ExceptionResponse; kind: ExceptionStepKind } | null>(null);
  const [failureSeen, setFailureSeen] = useState(false);
  const columns = useMemo(
    () =>
      exceptionColumns(userType, {
        view: setViewing,
        send: (exception) => setStep({ exception, kind: 'review' }),
      }),
    [userType],
  );
  const search = (values: Record<ExceptionFilter, string>) =>
    list.setFilters({ ...values, folio: values.folio.replace(/\D/g, '') });

  return (
    <>
      <ExceptionFilters userType={userType} values={list.filters} onSearch={search} />
      <PagedGrid label={M.exceptionsTitle} columns={columns} {...gridQuery(rows)} list={list} />
      {viewing && (
        <ExceptionViewDialog
          exception={viewing}
          userType={userType}
          onClose={() => setViewing(null)}
          onStep={(kind) => setStep({ exception: viewing, kind })}
        />
      )}
      {step && (
        <ExceptionStepDialog
          exception={step.exception}
          kind={step.kind}
          onClose={(reloaded) => {
            setStep(null);
            if (reloaded) {
              setViewing(null);
              void reload();
            }
          }}
        />
      )}
      <ResultDialog
        result={
          rows.isError && !failureSeen
            ? { ok: false, title: M.exceptionErrorTitle, message: errorText(rows.error) }
            : null
        }
        onAccept={() => setFailureSeen(true)}
      />
    </>
  );
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : '');
