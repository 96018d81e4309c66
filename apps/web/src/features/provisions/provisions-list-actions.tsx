import { useCallback, useState } from 'react';
import { PROVISION_LIST_MESSAGES, confirmSendProvision, type ProvisionListItem } from '@planpiso/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { useSendToValidate } from './api/provisions-list';

/**
 * 'Enviar a validar' from a row (spec 3 §4 "Transitions": Creada → Enviada a validar, through a confirmation
 * dialog): confirm → PATCH set-status with the row's version → the result dialog with the server's message. The
 * list reloads either way (a 409 means the row moved on; a 422 the operating window or the balance refused it).
 */
export function useSendToValidateAction() {
  const [pending, setPending] = useState<ProvisionListItem | null>(null);
  // The prompt keeps its text while the dialog fades out.
  const [folio, setFolio] = useState('');
  const [result, setResult] = useState<ActionResult | null>(null);
  const send = useSendToValidate();

  const askSend = useCallback((row: ProvisionListItem) => {
    setFolio(row.folio);
    setPending(row);
  }, []);

  const confirm = async () => {
    if (!pending) return;
    try {
      const answer = await send.mutateAsync(pending);
      setResult({ ok: true, message: answer.message ?? PROVISION_LIST_MESSAGES.sentToValidate });
    } catch (error) {
      setResult(errorResult(error));
    } finally {
      setPending(null);
    }
  };

  const dialogs = (
    <>
      <ConfirmDialog
        open={pending !== null}
        message={confirmSendProvision(folio)}
        busy={send.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
      <ResultDialog result={result} onAccept={() => setResult(null)} />
    </>
  );
  return { askSend, dialogs };
}
