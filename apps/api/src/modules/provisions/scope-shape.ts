import { sql } from 'drizzle-orm';
import type { ProvisionScope } from './policy';

/*
 * A provisions scope as a statement's shape (decision 052): its values as placeholders, so a list's SQL is the same
 * text for every caller of one kind. The provisions list and the financed-units register (which takes the provisions'
 * scope) build their first screens' statements from it.
 */

/** A value written as a statement's placeholder (decision 052): the SQL around it is then the same text. */
export const slot = <T>(name: string) => sql.placeholder(name) as unknown as T;

/**
 * The scope with its values as placeholders, the key naming what its text depends on (the kind, the account scope's
 * kind and levels), and the values to bind. Undefined for a scope that reaches nothing.
 */
export function scopeShape(
  scope: ProvisionScope,
): { key: string; scope: ProvisionScope; values: Record<string, unknown> } | undefined {
  const statuses = [slot<number>('statusFrom'), slot<number>('statusTo')] as const;
  switch (scope.kind) {
    case 'dealer':
      return {
        key: 'dealer',
        scope: { kind: 'dealer', companyId: slot('company') },
        values: { company: scope.companyId },
      };
    case 'legal':
      return {
        key: 'legal',
        scope: { kind: 'legal', userId: slot('user'), statuses },
        values: { user: scope.userId, statusFrom: scope.statuses[0], statusTo: scope.statuses[1] },
      };
    case 'lender': {
      const range = { statusFrom: scope.statuses[0], statusTo: scope.statuses[1] };
      const accounts = scope.accounts;
      switch (accounts.kind) {
        case 'all':
          return { key: 'lender:all', scope: { kind: 'lender', accounts, statuses }, values: range };
        case 'operated':
          return {
            key: `lender:operated:${accounts.levels}`,
            scope: {
              kind: 'lender',
              accounts: { kind: 'operated', by: slot('by'), levels: accounts.levels },
              statuses,
            },
            values: { ...range, by: accounts.by },
          };
        case 'own':
          return {
            key: 'lender:own',
            scope: { kind: 'lender', accounts: { kind: 'own', accountId: slot('account') }, statuses },
            values: { ...range, account: accounts.accountId },
          };
        case 'none':
          return undefined;
      }
      return undefined;
    }
    case 'none':
      return undefined;
  }
}
