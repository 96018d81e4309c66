import Download from '@mui/icons-material/Download';
import Draw from '@mui/icons-material/Draw';
import {
  PROVISION_FOLLOW_UP_MESSAGES,
  REFINANCING_DETAIL_MESSAGES as M,
  REFINANCING_STATUS,
  SIGNING_MESSAGES,
  canSignRefinancing,
  refinancingSignLink,
  signedDocumentViewable,
  type ConfirmRefinancingUnitsRequest,
  type UserType,
} from '@planpiso/domain';
import { canCall } from '../../../lib/can';
import { closingButtons, type ClosingCalls } from '../../../components/financing/closing-buttons';
import { FinancingActionBar, type FinancingButton } from '../../../components/financing/financing-action-bar';
import { refinancingCalls, type RefinancingAnswer, type RefinancingCall } from './api/refinancing-actions';
import type { RefinancingDetail, RefinancingDetailUnit } from './api/refinancing-detail';
import { RefinancingConfirmUnitsDialog } from './refinancing-confirm-units-dialog';
import type { RefinancingRunner } from './use-refinancing-runner';

type Props = {
  refinancing: RefinancingDetail;
  userType: UserType;
  runner: RefinancingRunner;
  onEvidence: (unit: RefinancingDetailUnit) => void;
};

/**
 * The detail's buttons besides Aceptar and Rechazar (spec 3 §4, §6; decision 045). Every state-changing button shows
 * because the server's `actions` (refinancingActionsFor) list it; the two downloads read the API permission table.
 */
export function RefinancingDetailActions({ refinancing, userType, runner, onEvidence }: Props) {
  const { version, actions } = refinancing;
  const offers = (action: RefinancingDetail['actions'][number]) => actions.includes(action);
  const closing = closingButtons(refinancing, refinancingClosingCalls, runner);
  const ask = (
    key: string,
    message: string,
    call: RefinancingCall,
    label: string,
  ): FinancingButton<RefinancingAnswer> => ({
    key,
    label,
    variant: 'contained',
    action: { kind: 'ask', message, call },
  });

  const buttons: (FinancingButton<RefinancingAnswer> | false)[] = [
    offers('updateFolio') && closing.updateFolio(),
    canCall('GET /api/refinancings/:id/units.xlsx', userType) && closing.downloadUnits(),
    canCall('GET /api/refinancings/:id/signed-documents', userType) &&
      refinancing.documents.some((document) => !signedDocumentViewable(document.signedStatus)) && {
        key: 'signed',
        label: 'Descargar documentos firmados',
        variant: 'outlined',
        icon: <Download />,
        action: {
          kind: 'run',
          call: refinancingCalls.downloadSignedDocuments,
          options: { success: PROVISION_FOLLOW_UP_MESSAGES.downloadComplete },
        },
      },
    offers('confirmUnits') && {
      key: 'units',
      label: 'Validar unidades',
      variant: 'outlined',
      action: {
        kind: 'dialog',
        render: (close) => (
          <RefinancingConfirmUnitsDialog
            units={refinancing.units}
            version={version}
            busy={runner.busy}
            onCancel={close}
            onSend={(body: ConfirmRefinancingUnitsRequest) => {
              close();
              void runner.run((id) => refinancingCalls.confirmUnits(id, body));
            }}
            onEvidence={onEvidence}
          />
        ),
      },
    },
    offers('confirm') && ask('confirm', M.confirmConfirm, (id) => refinancingCalls.confirm(id, version), 'Confirmar'),
    offers('evidenceComplete') &&
      ask(
        'complete',
        M.confirmEvidenceComplete,
        (id) => refinancingCalls.setStatus(id, REFINANCING_STATUS.ADMIN_VALIDATION, version),
        'Evidencia completa',
      ),
    offers('sendToFinbe') &&
      ask(
        'finbe',
        M.confirmSendToFinbe,
        (id) => refinancingCalls.setStatus(id, REFINANCING_STATUS.SENT_TO_SIGN, version),
        'Enviar a FinBe',
      ),
    offers('send') && {
      ...ask('send', M.confirmSend, (id) => refinancingCalls.send(id, version), 'Enviar'),
      variant: 'outlined',
    },
    offers('sendToSign') && closing.sendToSign(),
    offers('release') && closing.release(),
    offers('sendToCrm') && closing.sendToCrm(),
    // Issue 26: the legal representative signs in the app, as on a provision (not a machine row: the provider's
    // webhook moves the refinancing).
    canSignRefinancing(userType, refinancing.status) && {
      key: 'signDocuments',
      label: SIGNING_MESSAGES.signDocumentsTitle,
      variant: 'contained',
      icon: <Draw />,
      action: { kind: 'link', to: refinancingSignLink(refinancing.id) },
    },
  ];
  return <FinancingActionBar buttons={buttons.filter((button) => button !== false)} runner={runner} />;
}

/** The closing calls in the shape both pages share. */
const refinancingClosingCalls: ClosingCalls<RefinancingAnswer> = {
  updateFolio: refinancingCalls.updateFolio,
  downloadUnits: refinancingCalls.downloadUnits,
  sendToSign: refinancingCalls.sendToSign,
  release: refinancingCalls.release,
  sendToCrm: refinancingCalls.sendToCrm,
};
