import { describe, expect, it } from 'vitest';
import { provisionEligibility, type EligibilityFacts } from './provision-eligibility';

const clear: EligibilityFacts = {
  hasAccount: true,
  hasCompany: true,
  pendingBalances: 0,
  auditsInProgress: 0,
  latestExceptionStatus: null,
};

describe('pre-checks for creating a provision (spec 3 §5, §8)', () => {
  it.each<[string, Partial<EligibilityFacts>, boolean, string[]]>([
    ['no account', { hasAccount: false, pendingBalances: 2 }, false, ['El usuario no tiene relacionada una cuenta']],
    ['no company', { hasCompany: false }, false, ['El usuario no tiene relacionada una compañía']],
    ['nothing blocks', {}, true, ['Puedes disponer']],
    ['nothing blocks, an old rejected exception', { latestExceptionStatus: 3 }, true, ['Puedes disponer']],
    [
      'pending balances, no exception',
      { pendingBalances: 2 },
      false,
      ['Tienes 2 saldos pendientes', 'No puedes disponer'],
    ],
    [
      'audits in progress, no exception',
      { auditsInProgress: 1 },
      false,
      ['Tienes 1 pendientes de auditorías', 'No puedes disponer'],
    ],
    [
      'both, latest exception approved',
      { pendingBalances: 3, auditsInProgress: 1, latestExceptionStatus: 2 },
      true,
      [
        'Tienes 3 saldos pendientes',
        'Tienes 1 pendientes de auditorías',
        'La última excepción está aprobada. Ya puedes disponer',
      ],
    ],
    ...[0, 1, 3].map((status): [string, Partial<EligibilityFacts>, boolean, string[]] => [
      `audits, latest exception in status ${status}`,
      { auditsInProgress: 2, latestExceptionStatus: status },
      false,
      ['Tienes 2 pendientes de auditorías', 'La última excepción no está aprobada. No puedes disponer'],
    ]),
    [
      'a suspending audit recorded after the approval: says so, never "not approved" (decision 056)',
      { auditsInProgress: 1, latestExceptionStatus: 2, approvalPredatesAudit: true },
      false,
      [
        'Tienes 1 pendientes de auditorías',
        'La excepción aprobada es anterior a la auditoría; solicita una nueva excepción para disponer',
      ],
    ],
    [
      'pending balances and an audit recorded after the approval',
      { pendingBalances: 2, auditsInProgress: 1, latestExceptionStatus: 2, approvalPredatesAudit: true },
      false,
      [
        'Tienes 2 saldos pendientes',
        'Tienes 1 pendientes de auditorías',
        'La excepción aprobada es anterior a la auditoría; solicita una nueva excepción para disponer',
      ],
    ],
    [
      'pending balances only, an approval older than an audit that no longer runs',
      { pendingBalances: 1, latestExceptionStatus: 2, approvalPredatesAudit: true },
      true,
      ['Tienes 1 saldos pendientes', 'La última excepción está aprobada. Ya puedes disponer'],
    ],
    [
      'pending balances, latest exception rejected',
      { pendingBalances: 1, latestExceptionStatus: 3 },
      false,
      ['Tienes 1 saldos pendientes', 'La última excepción no está aprobada. No puedes disponer'],
    ],
  ])('%s', (_, facts, canProvision, messages) => {
    expect(provisionEligibility({ ...clear, ...facts })).toEqual({ canProvision, messages });
  });
});

describe('the sold-out-of-trust hold in the pre-checks (issue 29 §2)', () => {
  const SOT_ONE = 'Tienes 1 unidad vendida sin liquidar';
  const OLDER =
    'La excepción aprobada es anterior a las unidades vendidas sin liquidar; solicita una nueva excepción para disponer';

  it.each<[string, Partial<EligibilityFacts>, boolean, string[]]>([
    ['no SOT units: as before', { soldOutOfTrustUnits: 0 }, true, ['Puedes disponer']],
    ['one SOT unit, no exception', { soldOutOfTrustUnits: 1 }, false, [SOT_ONE, 'No puedes disponer']],
    [
      'three SOT units, the latest exception pending',
      { soldOutOfTrustUnits: 3, latestExceptionStatus: 0 },
      false,
      ['Tienes 3 unidades vendidas sin liquidar', 'La última excepción no está aprobada. No puedes disponer'],
    ],
    [
      'an exception approved after the unit fell into SOT lifts the hold',
      { soldOutOfTrustUnits: 1, latestExceptionStatus: 2 },
      true,
      [SOT_ONE, 'La última excepción está aprobada. Ya puedes disponer'],
    ],
    [
      'an exception approved before it does not',
      { soldOutOfTrustUnits: 1, latestExceptionStatus: 2, approvalPredatesSoldOutOfTrust: true },
      false,
      [SOT_ONE, OLDER],
    ],
    [
      'an approval older than SOT units that were since paid off lifts the rest',
      { pendingBalances: 1, soldOutOfTrustUnits: 0, latestExceptionStatus: 2, approvalPredatesSoldOutOfTrust: true },
      true,
      ['Tienes 1 saldos pendientes', 'La última excepción está aprobada. Ya puedes disponer'],
    ],
    [
      'every block at once, the approval older than both the audit and the SOT unit',
      {
        pendingBalances: 2,
        auditsInProgress: 1,
        soldOutOfTrustUnits: 2,
        latestExceptionStatus: 2,
        approvalPredatesAudit: true,
        approvalPredatesSoldOutOfTrust: true,
      },
      false,
      [
        'Tienes 2 saldos pendientes',
        'Tienes 1 pendientes de auditorías',
        'Tienes 2 unidades vendidas sin liquidar',
        'La excepción aprobada es anterior a la auditoría; solicita una nueva excepción para disponer',
        OLDER,
      ],
    ],
    [
      'the approval newer than the SOT unit but older than the audit: the audit still blocks',
      { auditsInProgress: 1, soldOutOfTrustUnits: 1, latestExceptionStatus: 2, approvalPredatesAudit: true },
      false,
      [
        'Tienes 1 pendientes de auditorías',
        SOT_ONE,
        'La excepción aprobada es anterior a la auditoría; solicita una nueva excepción para disponer',
      ],
    ],
    [
      'no company: the SOT units are not read',
      { hasCompany: false, soldOutOfTrustUnits: 4 },
      false,
      ['El usuario no tiene relacionada una compañía'],
    ],
  ])('%s', (_, facts, canProvision, messages) => {
    expect(provisionEligibility({ ...clear, ...facts })).toEqual({ canProvision, messages });
  });
});
