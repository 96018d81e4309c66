import { describe, expect, it } from 'vitest';
import { FINANCING_MESSAGES } from '../messages-financing';
import type { UserType } from '../user-types';
import {
  PROVISION_ROW_LINKS,
  provisionButtonFlags,
  provisionListFilters,
  provisionListShowsOperator,
  provisionRowActions,
  provisionStatusCodes,
  provisionStatusOptions,
  visibleProvisionStatuses,
} from './provision-list';
import { provisionStatusName, provisionTotalShown } from './provision-status';

describe('provision status names (spec 3 §4)', () => {
  it.each([
    [1, 'Creada'],
    [2, 'Enviada a validar'],
    [3, 'Validación'],
    [4, 'Aceptada'],
    [5, 'Enviada a firmar'],
    [6, 'Proceso firma'],
    [7, 'Firmado'],
    [8, 'Autorizado'],
    [9, 'Rechazada'],
    [10, 'Autorizado'],
    [11, 'Cancelado'],
    [0, '-'],
    [12, '-'],
  ])('status %i is "%s"', (status, name) => {
    expect(provisionStatusName(status)).toBe(name);
  });

  it('shows the total at status 1 and from 4 on, never while sent or under the lender’s validation', () => {
    const shown = Array.from({ length: 11 }, (_, i) => i + 1).filter(provisionTotalShown);
    expect(shown).toEqual([1, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});

describe('what each user type sees in the list (spec 3 §2, §6)', () => {
  it.each([
    [1, [3, 4, 5, 6, 7, 8, 9, 10]],
    [2, [3, 4, 5, 6, 7, 8, 9, 10]],
    [3, [2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [4, [5, 6, 7, 8, 9, 10]],
    [5, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
  ] as const)('type %i filters by statuses %j', (type, statuses) => {
    expect(visibleProvisionStatuses(type)).toEqual(statuses);
  });

  it('offers Autorizado once, and asks for both of its codes', () => {
    const options = provisionStatusOptions(4);
    expect(options.map((o) => o.label)).toEqual([
      'Enviada a firmar',
      'Proceso firma',
      'Firmado',
      'Autorizado',
      'Rechazada',
    ]);
    expect(provisionStatusCodes(4, '8')).toEqual([8, 10]);
    expect(provisionStatusCodes(4, '10')).toEqual([8, 10]);
    expect(provisionStatusCodes(4, '2')).toEqual([]);
    expect(provisionStatusCodes(5, '2')).toEqual([2]);
    expect(provisionStatusCodes(5, 'x')).toEqual([]);
    expect(provisionStatusCodes(5, undefined)).toEqual([]);
  });

  it.each([
    [1, { customer: true, branch: false, creditLine: false }, false],
    [2, { customer: false, branch: false, creditLine: false }, false],
    [3, { customer: true, branch: false, creditLine: false }, false],
    [4, { customer: false, branch: true, creditLine: true }, true],
    [5, { customer: false, branch: true, creditLine: true }, true],
  ] as const)('type %i gets the filters %j; the operator column: %s', (type, filters, operator) => {
    expect(provisionListFilters(type)).toEqual(filters);
    expect(provisionListShowsOperator(type)).toBe(operator);
  });
});

describe('row actions by user type and status (spec 3 §2 "Row links", §4)', () => {
  const all = Array.from({ length: 11 }, (_, i) => i + 1);
  const statusesWith = (type: UserType, action: string) =>
    all.filter((status) => provisionRowActions(type, status).includes(action as never));

  it('edit and send to validation: type 5 at status 1 only', () => {
    for (const type of [1, 2, 3, 4] as const) {
      expect(statusesWith(type, 'edit')).toEqual([]);
      expect(statusesWith(type, 'send')).toEqual([]);
    }
    expect(statusesWith(5, 'edit')).toEqual([1]);
    expect(statusesWith(5, 'send')).toEqual([1]);
  });

  it('Firmar documentos: type 4 while the documents are out for signature (5 and 6)', () => {
    for (const type of [1, 2, 3, 5] as const) expect(statusesWith(type, 'sign')).toEqual([]);
    expect(statusesWith(4, 'sign')).toEqual([5, 6]);
  });

  it('view and the record: every row of every type', () => {
    for (const type of [1, 2, 3, 4, 5] as const) {
      expect(statusesWith(type, 'view')).toEqual(all);
      expect(statusesWith(type, 'record')).toEqual(all);
    }
  });

  it('a Creada row of type 5 offers edit, send, view and record, in that order', () => {
    expect(provisionRowActions(5, 1)).toEqual(['edit', 'send', 'view', 'record']);
    expect(provisionRowActions(4, 6)).toEqual(['view', 'record', 'sign']);
  });

  it('links to the spec’s routes', () => {
    expect(PROVISION_ROW_LINKS.edit(7)).toBe('/editar-disposicion/7');
    expect(PROVISION_ROW_LINKS.view(7)).toBe('/vizualizar-disposicion/7');
    expect(PROVISION_ROW_LINKS.record(7)).toBe('/vizualizar-expediente/7');
    expect(PROVISION_ROW_LINKS.sign(7)).toBe('/firmar-disposicion/7');
  });
});

describe('the title-bar flags (spec 3 §9, decision 031)', () => {
  const off = { createDisabled: false, exceptionDisabled: false };
  const eligible = { messages: [FINANCING_MESSAGES.canProvision], latestExceptionStatus: null };

  it('nothing known, nothing stored: both buttons enabled', () => {
    expect(provisionButtonFlags({ stored: off, windowAllowed: null, eligibility: null })).toEqual(off);
    expect(provisionButtonFlags({ stored: off, windowAllowed: true, eligibility: eligible })).toEqual(off);
  });

  it('the stored local flags disable their button whatever the server says', () => {
    expect(
      provisionButtonFlags({
        stored: { createDisabled: true, exceptionDisabled: false },
        windowAllowed: true,
        eligibility: eligible,
      }),
    ).toEqual({ createDisabled: true, exceptionDisabled: false });
    expect(
      provisionButtonFlags({
        stored: { createDisabled: false, exceptionDisabled: true },
        windowAllowed: true,
        eligibility: eligible,
      }),
    ).toEqual({ createDisabled: false, exceptionDisabled: true });
  });

  it('a closed operating window disables Crear Nuevo; a failed eligibility does not (its dialog says why)', () => {
    expect(provisionButtonFlags({ stored: off, windowAllowed: false, eligibility: eligible }).createDisabled).toBe(
      true,
    );
    const blocked = {
      messages: ['Tienes 2 saldos pendientes', FINANCING_MESSAGES.cannotProvision],
      latestExceptionStatus: null,
    };
    expect(provisionButtonFlags({ stored: off, windowAllowed: true, eligibility: blocked })).toEqual(off);
  });

  it.each([
    [0, true],
    [1, true],
    [2, false],
    [3, false],
  ])('the latest exception in status %i disables another request: %s', (status, disabled) => {
    const facts = { messages: [FINANCING_MESSAGES.cannotProvision], latestExceptionStatus: status };
    expect(provisionButtonFlags({ stored: off, windowAllowed: true, eligibility: facts }).exceptionDisabled).toBe(
      disabled,
    );
  });

  it('a user without account or company cannot request an exception', () => {
    for (const message of [FINANCING_MESSAGES.userWithoutAccount, FINANCING_MESSAGES.userWithoutCompany]) {
      const facts = { messages: [message], latestExceptionStatus: null };
      expect(provisionButtonFlags({ stored: off, windowAllowed: true, eligibility: facts }).exceptionDisabled).toBe(
        true,
      );
    }
  });
});
