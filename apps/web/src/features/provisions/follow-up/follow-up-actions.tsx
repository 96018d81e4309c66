import {
  PROVISION_FOLLOW_UP_MESSAGES as M,
  PROVISION_LENDER_MESSAGES,
  PROVISION_ROW_LINKS,
  SIGNING_MESSAGES,
  canSignProvision,
  type UserType,
} from '@planpiso/domain';
import { canCall } from '../../../lib/can';
import { closingButtons, type ClosingCalls } from '../../../components/financing/closing-buttons';
import { FinancingActionBar, type FinancingButton } from '../../../components/financing/financing-action-bar';
import { followUpCalls, type FollowUpAnswer, type FollowUpCall } from './api/follow-up-actions';
import type { FollowUpDetail } from './api/follow-up-detail';
import type { FollowUpRunner } from './use-follow-up-runner';

type Props = { provision: FollowUpDetail; userType: UserType; runner: FollowUpRunner };

/**
 * The page's buttons besides the validation at status 3, each shown when the server's `actions` (the domain
 * machine's provisionActionsFor for this user and status) list it (spec 3 §4, §6):
 * - Liberar and Enviar a CRM: types 1 and 3 once signing started (6, 7);
 * - Actualizar folio and Generar documento nuevamente: types 1 and 3;
 * - Generar documentos and Enviar a firma: type 5 at Aceptada (4);
 * - Descargar XLSX: who may call the route (types 1 and 3);
 * - Firmar documentos: type 4 while the documents are out for signature (the list's rule).
 */
export type FollowUpButton =
  | 'updateFolio'
  | 'downloadUnits'
  | 'redoDocument'
  | 'generateDocuments'
  | 'sendToSign'
  | 'release'
  | 'sendToCrm'
  | 'signLink';

/** The buttons this user gets on this provision, in the order they show. */
export function followUpButtons(provision: FollowUpDetail, userType: UserType): FollowUpButton[] {
  const machine = (
    ['updateFolio', 'redoDocument', 'generateDocuments', 'sendToSign', 'release', 'sendToCrm'] as const
  ).filter((action) => provision.actions.includes(action));
  const shown: FollowUpButton[] = [];
  if (machine.includes('updateFolio')) shown.push('updateFolio');
  if (canCall('GET /api/provisions/:id/units.xlsx', userType)) shown.push('downloadUnits');
  for (const action of machine) if (action !== 'updateFolio') shown.push(action);
  if (canSignProvision(userType, provision.status)) shown.push('signLink');
  return shown;
}

export function FollowUpActions({ provision, userType, runner }: Props) {
  const { version } = provision;
  const closing = closingButtons(provision, provisionClosingCalls, runner, {
    updateFolio: { success: PROVISION_LENDER_MESSAGES.folioUpdated, leaves: false },
    sendToSign: { success: SIGNING_MESSAGES.sentToSign, leaves: true },
    release: { success: PROVISION_LENDER_MESSAGES.released, leaves: true },
    sendToCrm: { success: PROVISION_LENDER_MESSAGES.sentToCrm, leaves: true },
  });
  const ask = (key: string, label: string, message: string, call: FollowUpCall, success: string) => ({
    key,
    label,
    variant: 'outlined' as const,
    action: { kind: 'ask' as const, message, call, options: { success, leaves: false } },
  });
  const byButton: Record<FollowUpButton, () => FinancingButton<FollowUpAnswer>> = {
    updateFolio: closing.updateFolio,
    downloadUnits: closing.downloadUnits,
    redoDocument: () =>
      ask(
        'redo',
        'Generar documento nuevamente',
        M.confirmRedo,
        (id) => followUpCalls.redoDocument(id, version),
        SIGNING_MESSAGES.documentRedone,
      ),
    generateDocuments: () =>
      ask(
        'generate',
        'Generar documentos',
        M.confirmGenerate,
        (id) => followUpCalls.generateDocuments(id, version),
        SIGNING_MESSAGES.documentsGenerated,
      ),
    sendToSign: () => closing.sendToSign(provision.signingDocuments === 0),
    release: closing.release,
    sendToCrm: closing.sendToCrm,
    signLink: () => ({
      key: 'sign-link',
      label: 'Firmar documentos',
      variant: 'contained',
      action: { kind: 'link', to: PROVISION_ROW_LINKS.sign(provision.id) },
    }),
  };
  return (
    <FinancingActionBar
      buttons={followUpButtons(provision, userType).map((button) => byButton[button]())}
      runner={runner}
    />
  );
}

/** The closing calls in the shape both pages share. */
const provisionClosingCalls: ClosingCalls<FollowUpAnswer> = {
  updateFolio: (id, manualFolio, version) => followUpCalls.updateFolio(id, { manualFolio, version }),
  downloadUnits: followUpCalls.downloadUnits,
  sendToSign: followUpCalls.sendToSign,
  release: followUpCalls.release,
  sendToCrm: (id, approvedDate, version) => followUpCalls.sendToCrm(id, { approvedDate, version }),
};
