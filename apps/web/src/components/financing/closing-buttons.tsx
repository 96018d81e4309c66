import Download from '@mui/icons-material/Download';
import { PROVISION_FOLLOW_UP_MESSAGES as M } from '@planpiso/domain';
import { SendToCrmDialog, UpdateFolioDialog } from '../lender-dialogs';
import type { FinancingButton } from './financing-action-bar';
import type { FinancingRunner, RunOptions } from './use-financing-runner';

type Answer = { message?: string };

/** The closing calls a provision and a refinancing share (the server's modules/financing/closing). */
export type ClosingCalls<A extends Answer> = {
  updateFolio: (id: number, manualFolio: number, version: number) => Promise<A>;
  downloadUnits: (id: number) => Promise<A>;
  sendToSign: (id: number, version: number) => Promise<A>;
  release: (id: number, version: number) => Promise<A>;
  sendToCrm: (id: number, approvedDate: string, version: number) => Promise<A>;
};

type Operation = { version: number; manualFolio: string | null };
/** What a page's run of each closing move adds (a provision's success text and return to the list). */
type Outcomes = Partial<Record<'updateFolio' | 'sendToSign' | 'release' | 'sendToCrm', RunOptions>>;

/**
 * The closing part of the action bar, the same on both pages (spec 3 §4): Actualizar folio, Descargar XLSX, Enviar a
 * firma, Liberar and Enviar a CRM, with their questions and dialogs. The page decides which to show and where.
 */
export function closingButtons<A extends Answer>(
  operation: Operation,
  calls: ClosingCalls<A>,
  runner: FinancingRunner<A>,
  outcomes: Outcomes = {},
) {
  const { version } = operation;
  /** A move asked first with the spec's question, sent with the version the page showed. */
  const asking = (
    key: string,
    label: string,
    message: string,
    move: (id: number, version: number) => Promise<A>,
    options?: RunOptions,
  ): FinancingButton<A> => ({
    key,
    label,
    variant: 'outlined',
    action: { kind: 'ask', message, call: (id) => move(id, version), options },
  });
  return {
    updateFolio: (): FinancingButton<A> => ({
      key: 'folio',
      label: 'Actualizar folio',
      variant: 'outlined',
      action: {
        kind: 'dialog',
        render: (close) => (
          <UpdateFolioDialog
            open
            current={operation.manualFolio ?? ''}
            busy={runner.busy}
            onCancel={close}
            onSend={(manualFolio) => {
              close();
              void runner.run((id) => calls.updateFolio(id, manualFolio, version), outcomes.updateFolio);
            }}
          />
        ),
      },
    }),
    downloadUnits: (): FinancingButton<A> => ({
      key: 'xlsx',
      label: 'Descargar XLSX',
      variant: 'outlined',
      icon: <Download />,
      action: { kind: 'run', call: calls.downloadUnits, options: { success: M.downloadComplete } },
    }),
    sendToSign: (disabled = false): FinancingButton<A> => ({
      ...asking('sign', 'Enviar a firma', M.confirmSendToSign, calls.sendToSign, outcomes.sendToSign),
      variant: 'contained',
      disabled,
    }),
    release: (): FinancingButton<A> => asking('release', 'Liberar', M.confirmRelease, calls.release, outcomes.release),
    sendToCrm: (): FinancingButton<A> => ({
      key: 'crm',
      label: 'Enviar a CRM',
      variant: 'contained',
      action: {
        kind: 'dialog',
        render: (close) => (
          <SendToCrmDialog
            open
            busy={runner.busy}
            onCancel={close}
            onSend={(approvedDate) => {
              close();
              void runner.run((id) => calls.sendToCrm(id, approvedDate, version), outcomes.sendToCrm);
            }}
          />
        ),
      },
    }),
  };
}
