import { describe, expect, it } from 'vitest';
import { REFINANCING_NOTICE_TEXT } from '../messages-financing';
import { refinancingNotice } from './refinancing-notices';
import { REFINANCING_TRANSITIONS } from './refinancing-machine';

const context = { folio: '1001', company: 'Automotriz del Norte', to: 3 };

describe('refinancingNotice (who hears of each move, decision 046)', () => {
  it('the dealer’s moves reach the lender: operators and their administrators', () => {
    for (const action of ['evidenceComplete', 'send'] as const) {
      expect(refinancingNotice(action, context)).toEqual({
        audience: ['lenderOperator', 'lenderAdmins'],
        message: REFINANCING_NOTICE_TEXT.sentToValidation('1001', 'Automotriz del Norte'),
      });
    }
  });

  it('Confirmar tells the dealer when evidences are requested again, the operator when validated', () => {
    expect(refinancingNotice('confirm', { ...context, to: 2 })).toEqual({
      audience: ['dealerOperator'],
      message: 'Refinanciamiento con folio 1001: se solicitan nuevas evidencias',
    });
    expect(refinancingNotice('confirm', context)?.audience).toEqual(['lenderOperator']);
  });

  it('the lender’s moves reach the dealer’s operator', () => {
    for (const action of ['accept', 'reject', 'release', 'sendToCrm', 'updateFolio'] as const) {
      expect(refinancingNotice(action, context)?.audience).toContain('dealerOperator');
    }
    expect(refinancingNotice('reject', context)?.message).toBe('Refinanciamiento con folio 1001: Rechazado');
  });

  it('every move that changes the status tells someone, except the first signature', () => {
    const silent = REFINANCING_TRANSITIONS.filter(
      (row) => row.from !== null && row.to !== 'same' && refinancingNotice(row.action, context) === null,
    ).map((row) => row.action);
    expect([...new Set(silent)]).toEqual(['signingStarted']);
  });
});
