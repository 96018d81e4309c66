import { PROVISION_NOTICE_TEXT, provisionSentNotice } from '../messages-financing';
import type { ProvisionAction } from './provision-machine';

/**
 * Who hears of each move of a provision (issue 17: "each transition writes its notification(s) … in the same
 * transaction"). Roles, not ids: the server resolves them for the row — the dealer operator who registered it, its
 * legal representative, the lender operator of its account and the administrators over that operator.
 */
export type ProvisionAudience = 'dealerOperator' | 'legalRepresentative' | 'lenderOperator' | 'lenderAdmins';

export type ProvisionNotice = { audience: readonly ProvisionAudience[]; message: string };

type NoticeContext = { folio: string; company: string };

const NOTICES: Partial<Record<ProvisionAction, (c: NoticeContext) => ProvisionNotice>> = {
  createAndSend: (c) => ({ audience: ['lenderOperator'], message: provisionSentNotice(c.folio, c.company) }),
  send: (c) => ({ audience: ['lenderOperator'], message: provisionSentNotice(c.folio, c.company) }),
  validationComplete: (c) => ({
    audience: ['lenderOperator', 'lenderAdmins'],
    message: PROVISION_NOTICE_TEXT.validationComplete(c.folio, c.company),
  }),
  reviewUnits: (c) => ({
    audience: ['lenderOperator'],
    message: PROVISION_NOTICE_TEXT.reviewUnits(c.folio, c.company),
  }),
  confirm: (c) => ({ audience: ['dealerOperator'], message: PROVISION_NOTICE_TEXT.confirm(c.folio) }),
  reject: (c) => ({ audience: ['dealerOperator'], message: PROVISION_NOTICE_TEXT.reject(c.folio) }),
  sendToSign: (c) => ({ audience: ['legalRepresentative'], message: PROVISION_NOTICE_TEXT.sendToSign(c.folio) }),
  redoDocument: (c) => ({
    audience: ['dealerOperator', 'legalRepresentative'],
    message: PROVISION_NOTICE_TEXT.redoDocument(c.folio),
  }),
  signingCompleted: (c) => ({
    audience: ['dealerOperator', 'lenderOperator'],
    message: PROVISION_NOTICE_TEXT.signingCompleted(c.folio),
  }),
  release: (c) => ({
    audience: ['dealerOperator', 'legalRepresentative'],
    message: PROVISION_NOTICE_TEXT.release(c.folio),
  }),
  sendToCrm: (c) => ({
    audience: ['dealerOperator', 'legalRepresentative'],
    message: PROVISION_NOTICE_TEXT.sendToCrm(c.folio),
  }),
  updateFolio: (c) => ({ audience: ['dealerOperator'], message: PROVISION_NOTICE_TEXT.updateFolio(c.folio) }),
  expire: (c) => ({ audience: ['dealerOperator'], message: PROVISION_NOTICE_TEXT.expire(c.folio) }),
};

/** The notice a move sends, or null for the moves nobody is told of (edit, generating documents, a first signature). */
export const provisionNotice = (action: ProvisionAction, context: NoticeContext): ProvisionNotice | null =>
  NOTICES[action]?.(context) ?? null;
