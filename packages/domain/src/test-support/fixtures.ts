// Fixtures the tests share across packages (domain, API, web, bench): one valid value each, so a test states only
// what it changes. Never imported by running code.
import type { RefinancingMachineEntity } from '../financing/refinancing-machine';

/** A deterministic pseudo-random sequence (mulberry32), so a failure reproduces and a seeded data set is the same everywhere. */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A valid provisions configuration (spec 2 §2), as the form sends it. */
export const VALID_CONFIGURATION = {
  email: 'disposiciones@planpiso.mx',
  startOperation: { days: 0, hours: '09:00' },
  endOperation: { days: 0, hours: '18:30' },
  provision: { days: 30, hours: '00:00' },
  transunion: { days: 1, hours: '02:30' },
  repuve: { days: 1, hours: '03:00' },
  ax: { days: 2, hours: '02:00' },
  payoffGraceDays: 10,
  register: { days: 1, hours: '04:00' },
};

/** A provision unit as parsed from a CSV row or typed in the form, with the VIN and amount given. */
export const unitOf = (vinNumber: string, amount: string) => ({
  agency: 'León Centro',
  brandName: 'Nissan',
  type: 'Sedán',
  model: '2025',
  description: 'Versa Advance',
  color: 'Azul Marino Metálico',
  insideColor: 'Gris',
  vinNumber,
  motorNumber: 'HR16-123456',
  amount,
});

/** A refinancing as its machine sees it: evidences asked, not validated, two units with nothing pending. */
export const refinancingEntity = (
  status: number,
  more: Partial<RefinancingMachineEntity> = {},
): RefinancingMachineEntity => ({
  status,
  requireEvidences: true,
  adminValidated: false,
  unitCount: 2,
  unitsWithoutEvidence: 0,
  unreviewedUnits: 0,
  disapprovedUnits: 0,
  ...more,
});

/**
 * Spec 3 §4's names for the statuses both documents' tables share (4 to 10), written here from the spec — not read
 * from the machines — so the status tests can catch a wrong name.
 */
export const SPEC_SHARED_LIFE_STATUS_NAMES = {
  4: 'Aceptada',
  5: 'Enviada a firmar',
  6: 'Proceso firma',
  7: 'Firmado',
  8: 'Autorizado',
  9: 'Rechazada',
  10: 'Autorizado',
};
