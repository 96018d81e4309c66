import { describe, expect, it } from 'vitest';
import { FINANCED_UNIT_STATUS } from '../contracts/financed-units';
import { LOT_AUDIT_MESSAGES as TEXT } from '../messages-lot-audits';
import { SYSTEM_ACTOR } from '../state-machine';
import { USER_TYPE } from '../user-types';
import {
  askLotAudit,
  LOT_AUDIT_RESULT,
  LOT_AUDIT_STATUS,
  lotAuditFinding,
  lotAuditFindingDeadline,
  lotAuditLocationRefusal,
  lotAuditProgress,
  lotAuditResultName,
  lotAuditVinRefusal,
  normalizeAuditVin,
  selfAuditDeadlineRefusal,
  type LotAuditEntity,
} from './lot-audits';
import { vinCheckCharacter } from './vin';

const R = LOT_AUDIT_RESULT;
const U = FINANCED_UNIT_STATUS;
/** A VIN with its right check digit (position 9). */
const VALID_VIN = '1M8GDM9AXKP042788';

describe('the four results (issue 29 §3)', () => {
  it('are named as the phone shows them, and a unit not checked is "Sin revisar"', () => {
    expect([1, 2, 3, 4].map(lotAuditResultName)).toEqual(['Encontrada', 'Vendida', 'No localizada', 'En tránsito']);
    expect(lotAuditResultName(null)).toBe('Sin revisar');
  });
});

describe('which checked units become findings', () => {
  it('a unit not located, and a unit sold while it is not paid', () => {
    expect(lotAuditFinding(R.NOT_LOCATED, U.CURRENT)).toBe('notLocated');
    expect(lotAuditFinding(R.SOLD, U.CURRENT)).toBe('soldUnpaid');
    expect(lotAuditFinding(R.SOLD, U.SOLD)).toBe('soldUnpaid');
    expect(lotAuditFinding(R.SOLD, U.SOLD_OUT_OF_TRUST)).toBe('soldUnpaid');
  });
  it('never a unit found or in transit, nor one the CRM already shows paid', () => {
    expect(lotAuditFinding(R.FOUND, U.CURRENT)).toBeNull();
    expect(lotAuditFinding(R.IN_TRANSIT, U.CURRENT)).toBeNull();
    expect(lotAuditFinding(R.SOLD, U.PAID)).toBeNull();
    expect(lotAuditFinding(R.NOT_LOCATED, U.PAID)).toBeNull();
  });
});

describe('a finding’s deadline', () => {
  it('a sold unit is due when its payoff is', () => {
    const deadline = lotAuditFindingDeadline({
      kind: 'soldUnpaid',
      closeDay: '2026-11-24',
      payoffDueDate: '2026-12-08',
      nonWorkingDays: [],
    });
    expect(deadline).toBe('2026-12-08');
  });
  it('a unit not located gets five business days after the close, weekends and Días inhábiles skipped', () => {
    // Tuesday 24 → Wed 25, Thu 26, Fri 27, Mon 30, Tue 1 December.
    expect(
      lotAuditFindingDeadline({ kind: 'notLocated', closeDay: '2026-11-24', payoffDueDate: null, nonWorkingDays: [] }),
    ).toBe('2026-12-01');
    expect(
      lotAuditFindingDeadline({
        kind: 'notLocated',
        closeDay: '2026-11-24',
        payoffDueDate: null,
        nonWorkingDays: ['2026-11-26'],
      }),
    ).toBe('2026-12-02');
  });
});

describe('progress, n de m', () => {
  it('counts the checked units', () => {
    expect(lotAuditProgress([1, null, 3, null, null])).toEqual({ checked: 2, total: 5, pending: 3, text: '2 de 5' });
    expect(lotAuditProgress([]).text).toBe('0 de 0');
  });
});

describe('the VIN typed or scanned', () => {
  it('a 17-character VIN with the wrong check digit is refused in Spanish; the right one passes', () => {
    expect(vinCheckCharacter(VALID_VIN)).toBe('X');
    expect(lotAuditVinRefusal(VALID_VIN)).toBeNull();
    expect(lotAuditVinRefusal(' 1m8gdm9axkp042788 ')).toBeNull();
    const typo = '1M8GDM9A1KP042788';
    expect(lotAuditVinRefusal(typo)).toBe(TEXT.vinCheckDigit(typo));
    expect(lotAuditVinRefusal(typo)).toContain('dígito verificador');
  });
  it('nothing typed asks for it; a longer identifier has no check digit to refuse', () => {
    expect(lotAuditVinRefusal('  ')).toBe(TEXT.vinRequired);
    expect(lotAuditVinRefusal('WVWZZZ1JZXW0000001')).toBeNull();
  });
  it('a Code 39 label’s leading I (import) is dropped from an 18-character scan', () => {
    expect(normalizeAuditVin(`I${VALID_VIN}`)).toBe(VALID_VIN);
    expect(lotAuditVinRefusal(`I${VALID_VIN}`)).toBeNull();
  });
});

describe('the location', () => {
  it('both or neither, within the globe', () => {
    expect(lotAuditLocationRefusal(undefined, undefined)).toBeNull();
    expect(lotAuditLocationRefusal(25.6866, -100.3161)).toBeNull();
    expect(lotAuditLocationRefusal(25.6866, null)).toBe(TEXT.locationInvalid);
    expect(lotAuditLocationRefusal(91, 10)).toBe(TEXT.locationInvalid);
    expect(lotAuditLocationRefusal(10, -181)).toBe(TEXT.locationInvalid);
  });
});

describe('the self-audit’s deadline', () => {
  it('today at the earliest and the audit’s last day at most', () => {
    const base = { today: '2026-11-24', endDate: '2026-11-30' };
    expect(selfAuditDeadlineRefusal({ ...base, deadline: '2026-11-24' })).toBeNull();
    expect(selfAuditDeadlineRefusal({ ...base, deadline: '2026-11-23' })).toBe(TEXT.deadlineInPast);
    expect(selfAuditDeadlineRefusal({ ...base, deadline: '2026-12-01' })).toBe(TEXT.deadlineAfterAudit);
  });
});

describe('who may mark and close (the audit’s machine)', () => {
  const open: LotAuditEntity = {
    status: LOT_AUDIT_STATUS.OPEN,
    selfAuditDeadline: null,
    today: '2026-11-24',
    pending: 2,
  };
  const selfAudit: LotAuditEntity = { ...open, selfAuditDeadline: '2026-11-27' };
  const admin = { id: 1, type: USER_TYPE.PROVIDER_ADMIN };
  const operator = { id: 2, type: USER_TYPE.PROVIDER_OPERATOR };
  const dealer = { id: 3, type: USER_TYPE.AGENCY_OPERATOR };
  const legal = { id: 4, type: USER_TYPE.LEGAL_REPRESENTATIVE };

  it('the lender marks any open audit; a dealer only a self-audit requested of it, until its deadline', () => {
    expect(askLotAudit(admin, 'mark', open).allowed).toBe(true);
    expect(askLotAudit(operator, 'mark', open).allowed).toBe(true);
    expect(askLotAudit(dealer, 'mark', open)).toMatchObject({ allowed: false, code: 'SELF_AUDIT_NOT_REQUESTED' });
    expect(askLotAudit(dealer, 'mark', selfAudit).allowed).toBe(true);
    expect(askLotAudit(legal, 'mark', selfAudit).allowed).toBe(true);
    expect(askLotAudit(dealer, 'mark', { ...selfAudit, today: '2026-11-28' })).toMatchObject({
      allowed: false,
      code: 'SELF_AUDIT_EXPIRED',
      httpStatus: 422,
      message: 'El plazo de la autoauditoría venció el 27/11/2026',
    });
  });
  it('only the lender requests a self-audit; the system does nothing here', () => {
    expect(askLotAudit(admin, 'requestSelfAudit', open).allowed).toBe(true);
    expect(askLotAudit(dealer, 'requestSelfAudit', selfAudit)).toMatchObject({ allowed: false, httpStatus: 403 });
    expect(askLotAudit(SYSTEM_ACTOR, 'mark', open)).toMatchObject({ allowed: false, httpStatus: 403 });
  });
  it('closes once every unit is marked, and then nothing moves it again', () => {
    expect(askLotAudit(admin, 'close', open)).toMatchObject({
      allowed: false,
      message: 'Faltan 2 unidades por revisar',
    });
    expect(askLotAudit(admin, 'close', { ...open, pending: 1 })).toMatchObject({
      message: 'Falta 1 unidad por revisar',
    });
    expect(askLotAudit(dealer, 'close', { ...selfAudit, pending: 0 })).toEqual({ allowed: true, to: 2 });
    const closed = { ...open, status: LOT_AUDIT_STATUS.CLOSED, pending: 0 };
    expect(askLotAudit(admin, 'mark', closed)).toMatchObject({
      allowed: false,
      httpStatus: 409,
      message: TEXT.auditClosed,
    });
    expect(askLotAudit(admin, 'close', closed)).toMatchObject({ allowed: false, httpStatus: 409 });
  });
  it('the lender edits an open audit; its company only until a unit is checked; a closed one not at all', () => {
    expect(askLotAudit(admin, 'edit', open).allowed).toBe(true);
    expect(askLotAudit(dealer, 'edit', selfAudit)).toMatchObject({ allowed: false, httpStatus: 403 });
    expect(askLotAudit(admin, 'changeCompany', { ...open, checked: 0 }).allowed).toBe(true);
    expect(askLotAudit(admin, 'changeCompany', { ...open, checked: 1 })).toMatchObject({
      allowed: false,
      code: 'AUDIT_UNITS_CHECKED',
      httpStatus: 422,
      message: 'No se puede cambiar la compañía: la auditoría ya tiene unidades revisadas',
    });
    const closed = { ...open, status: LOT_AUDIT_STATUS.CLOSED, pending: 0 };
    expect(askLotAudit(admin, 'edit', closed)).toMatchObject({
      allowed: false,
      httpStatus: 409,
      message: TEXT.auditClosed,
    });
  });
});
