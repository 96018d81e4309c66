import { REFINANCING_NOTICE_TEXT } from '../messages-financing';
import type { ProvisionAudience } from './provision-notices';
import { REFINANCING_STATUS, type RefinancingAction } from './refinancing-machine';

/**
 * Who hears of each move of a refinancing (issue 19, decision 046), as for provisions (provision-notices.ts): roles
 * the server resolves for the row — the dealer's operator who registered it and its legal representative hear of
 * the lender's moves; the account's operators and the administrators over them hear of the dealer's moves.
 */
export type FinancingAudience = ProvisionAudience;
export type RefinancingNotice = { audience: readonly FinancingAudience[]; message: string };

/** `to`: where the move took the refinancing (Confirmar goes to 2 or stays at 3). */
type NoticeContext = { folio: string; company: string; to: number };

const LENDER: readonly FinancingAudience[] = ['lenderOperator', 'lenderAdmins'];
const DEALER: readonly FinancingAudience[] = ['dealerOperator', 'legalRepresentative'];

const sentToValidation = (c: NoticeContext): RefinancingNotice => ({
  audience: LENDER,
  message: REFINANCING_NOTICE_TEXT.sentToValidation(c.folio, c.company),
});

const NOTICES: Partial<Record<RefinancingAction, (c: NoticeContext) => RefinancingNotice>> = {
  evidenceComplete: sentToValidation,
  send: sentToValidation,
  sendToFinbe: (c) => ({
    audience: ['legalRepresentative', 'lenderOperator'],
    message: REFINANCING_NOTICE_TEXT.sendToSign(c.folio),
  }),
  confirm: (c) =>
    c.to === REFINANCING_STATUS.EVIDENCE_REQUESTED
      ? { audience: ['dealerOperator'], message: REFINANCING_NOTICE_TEXT.evidenceRequested(c.folio) }
      : { audience: ['lenderOperator'], message: REFINANCING_NOTICE_TEXT.adminValidated(c.folio, c.company) },
  accept: (c) => ({ audience: ['dealerOperator'], message: REFINANCING_NOTICE_TEXT.accept(c.folio) }),
  reject: (c) => ({ audience: ['dealerOperator'], message: REFINANCING_NOTICE_TEXT.reject(c.folio) }),
  sendToSign: (c) => ({ audience: ['legalRepresentative'], message: REFINANCING_NOTICE_TEXT.sendToSign(c.folio) }),
  redoDocument: (c) => ({ audience: DEALER, message: REFINANCING_NOTICE_TEXT.redoDocument(c.folio) }),
  signingCompleted: (c) => ({
    audience: ['dealerOperator', 'lenderOperator'],
    message: REFINANCING_NOTICE_TEXT.signingCompleted(c.folio),
  }),
  release: (c) => ({ audience: DEALER, message: REFINANCING_NOTICE_TEXT.release(c.folio) }),
  sendToCrm: (c) => ({ audience: DEALER, message: REFINANCING_NOTICE_TEXT.sendToCrm(c.folio) }),
  updateFolio: (c) => ({ audience: ['dealerOperator'], message: REFINANCING_NOTICE_TEXT.updateFolio(c.folio) }),
};

/** The notice a move sends, or null for the moves nobody is told of (confirm-units, a first signature). */
export const refinancingNotice = (action: RefinancingAction, context: NoticeContext): RefinancingNotice | null =>
  NOTICES[action]?.(context) ?? null;
