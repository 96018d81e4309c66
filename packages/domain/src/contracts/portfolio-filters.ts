import { z } from 'zod';
import { AGING_BUCKETS, type AgingBucket } from '../financing/aging';
import { MESSAGES } from '../messages';
import { PORTFOLIO_MESSAGES } from '../messages-portfolio';
import { idParam } from './inputs';

/**
 * The register's filters the portfolio view's links set (issue 29 item 4: "each number a link to the register
 * filtered to the units behind it"), beside the list's own: the group (account), the aging bucket by days floored,
 * and a due window — the units whose next curtailment (by the term rule) or maturity falls from today through today
 * + `within` days; and `finding=open`, the units an audit found missing or sold unpaid (a closed lot audit's
 * findings). The server reads today in Mexico City.
 */
export const DUE_KINDS = ['curtailment', 'maturity'] as const;
export type DueKind = (typeof DUE_KINDS)[number];
export const DUE_WITHIN_MAX_DAYS = 366;
/** `finding=open`: the units with a lot audit's finding (not located, sold unpaid). */
export const FINDING_FILTERS = ['open'] as const;

const agingKeys = AGING_BUCKETS.map((b) => b.key) as [AgingBucket, ...AgingBucket[]];

export const PORTFOLIO_REGISTER_FILTERS = {
  /** The dealer group (cuenta). */
  account: idParam().optional(),
  aging: z.enum(agingKeys, { error: MESSAGES.badRequest }).optional(),
  due: z.enum(DUE_KINDS, { error: MESSAGES.badRequest }).optional(),
  within: z.coerce
    .number({ error: PORTFOLIO_MESSAGES.dueWindowInvalid })
    .int({ message: PORTFOLIO_MESSAGES.dueWindowInvalid })
    .min(0, { message: PORTFOLIO_MESSAGES.dueWindowInvalid })
    .max(DUE_WITHIN_MAX_DAYS, { message: PORTFOLIO_MESSAGES.dueWindowInvalid })
    .optional(),
  finding: z.enum(FINDING_FILTERS, { error: MESSAGES.badRequest }).optional(),
};

/** `due` and `within` come together or not at all. */
export const dueWithWindow = (query: { due?: DueKind; within?: number }) =>
  (query.due === undefined) === (query.within === undefined);
export const dueWindowRefusal = { message: PORTFOLIO_MESSAGES.dueWindowInvalid, path: ['within'] };
