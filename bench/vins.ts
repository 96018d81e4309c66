// Made-up VINs for the large data set and the bench's creates (issue 16): 17 characters, ISO 3779 check digit right
// (the domain's vinCheckCharacter), unique by construction — the serial `n` picks the plant letter (position 11) and
// the six-digit sequence (12–17), so two serials never give the same VIN whatever the manufacturer part says. Each
// user of this module takes serials from its own range (VIN_SERIALS), and none collides with a simulator fixture.
import { vinCheckCharacter } from '@planpiso/domain';
import { VEHICLES } from '@planpiso/simulators/fixtures';

/** Letters a VIN may hold (no I, O, Q). */
const PLANTS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
/** Mexican plants' world manufacturer identifiers, with a plausible descriptor section each. */
const MAKERS = [
  { wmi: '3N1', vds: 'CD3AP' },
  { wmi: '3VW', vds: 'CB7BU' },
  { wmi: '3GN', vds: 'AX4EG' },
  { wmi: '3KP', vds: 'F54AD' },
  { wmi: '3MZ', vds: 'BPACL' },
  { wmi: '3HG', vds: 'RZ1H5' },
  { wmi: '3TM', vds: 'LB5JN' },
  { wmi: '3FT', vds: 'TW8E3' },
] as const;
/** Model-year codes 2019–2027. */
const YEARS = 'KLMNPRSTV';
const PER_PLANT = 1_000_000;

/**
 * Serial ranges: the large data set's units, then the bench's 1,000-unit creates (a new block per run: at most
 * 2,800 blocks, up to 22,799,999), then the follow-up part's 5,000-unit provision (40 blocks, up to 22,999,999).
 */
export const VIN_SERIALS = { seed: 0, bench: 20 * PER_PLANT, followUp: 22 * PER_PLANT + 800_000 } as const;

const FIXTURE_VINS = new Set(VEHICLES.map((v) => v.vin));

/** The VIN of serial `n` (0 ≤ n < 23,000,000); `variant` only varies the maker and year, never the uniqueness. */
export function madeUpVin(n: number, variant = n): string {
  if (!Number.isInteger(n) || n < 0 || n >= PLANTS.length * PER_PLANT) throw new RangeError(`VIN serial ${n}`);
  const maker = MAKERS[variant % MAKERS.length]!;
  const year = YEARS[Math.floor(variant / MAKERS.length) % YEARS.length]!;
  const plant = PLANTS[Math.floor(n / PER_PLANT)]!;
  const sequence = String(n % PER_PLANT).padStart(6, '0');
  const draft = `${maker.wmi}${maker.vds}0${year}${plant}${sequence}`;
  const vin = `${draft.slice(0, 8)}${vinCheckCharacter(draft)}${draft.slice(9)}`;
  // A fixture's VIN is the simulators' (the demo data and the sample CSVs): never hand it out again.
  return FIXTURE_VINS.has(vin) ? madeUpVin(n, variant + 1) : vin;
}
