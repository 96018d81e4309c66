import { expect, it } from 'vitest';

/**
 * For the machines' tests (issue 28 item 6): the checks of a machine against its table written by hand from the
 * spec (provision-machine.spec-table.ts, refinancing-machine.spec-table.ts), one line per pair, `… → to` when
 * allowed, else the refusal. Not a test file itself; never imported by product code.
 */
export function itMatchesTheHandTable(checked: {
  /** The actions the machine's rows name, and those the table names. */
  machineActions: readonly string[];
  tableActions: readonly string[];
  /** One answer per pair, in the same order: the table's and the machine's. */
  tableAnswers: readonly string[];
  machineAnswers: readonly string[];
}): void {
  const allowed = (answers: readonly string[]) => answers.filter((answer) => answer.includes('→'));
  const { tableAnswers, machineAnswers } = checked;

  it('the machine has exactly the table’s actions', () => {
    expect([...new Set(checked.machineActions)].sort()).toEqual([...new Set(checked.tableActions)].sort());
  });

  it('every pair the table allows, the machine allows, to the same status', () => {
    expect(allowed(tableAnswers).filter((answer) => !machineAnswers.includes(answer))).toEqual([]);
  });

  it('every pair the machine allows is in the table', () => {
    expect(allowed(machineAnswers).filter((answer) => !tableAnswers.includes(answer))).toEqual([]);
  });

  it('every refusal is the table’s (403 who, 409 status, 422 a guard)', () => {
    expect(machineAnswers).toEqual(tableAnswers);
  });
}
