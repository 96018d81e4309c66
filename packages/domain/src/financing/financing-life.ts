import { SYSTEM_ACTOR_TYPE, type ActorType, type Refusal, type Transition } from '../state-machine';
import { USER_TYPE } from '../user-types';

/**
 * The life of a financing operation after its acceptance, written once (issue 28): a provision and a refinancing
 * start differently, but from Aceptada on they live the same life — the signing document sent to sign (and redone),
 * the e-signature provider's webhooks, Liberar or Enviar a CRM, Actualizar folio (spec 3 §4, §6). Each machine
 * composes this fragment with its own statuses (each document keeps its own codes); where the two differ — who may
 * redo a document and from when, what sending to sign needs — the machine says so in `FinancingLifeOptions`.
 */
export type FinancingLifeAction =
  'sendToSign' | 'redoDocument' | 'signingStarted' | 'signingCompleted' | 'release' | 'sendToCrm' | 'updateFolio';

/** A machine's transition table row as data (`needs` are names the machine's adapter turns into checks). */
export type FinancingRow<A extends string, S extends number, N extends string, T = never> = {
  action: A;
  /** null: the operation does not exist yet. */
  from: S | null;
  to: S | 'same' | T;
  who: readonly ActorType[];
  needs: readonly N[];
};

/**
 * The codes the spec gives the shared life's statuses (spec 3 §4): the same numbers in a provision and in a
 * refinancing, so each document's status table spreads them between its own first and last codes.
 */
export const FINANCING_LIFE_STATUS = {
  ACCEPTED: 4,
  SENT_TO_SIGN: 5,
  SIGNING: 6,
  SIGNED: 7,
  AUTHORIZED: 8,
  REJECTED: 9,
  RELEASED: 10,
} as const;

/**
 * The names users read for the shared life's statuses (spec 3 §4, the same words in both documents' tables). 8 and
 * 10 are both 'Autorizado': 10 is the release without the CRM (code LIBERADO), which users are not told apart.
 */
export const FINANCING_LIFE_STATUS_NAMES = {
  4: 'Aceptada',
  5: 'Enviada a firmar',
  6: 'Proceso firma',
  7: 'Firmado',
  8: 'Autorizado',
  9: 'Rechazada',
  10: 'Autorizado',
} as const satisfies Record<(typeof FINANCING_LIFE_STATUS)[keyof typeof FINANCING_LIFE_STATUS], string>;

/** The statuses of the shared life, each operation's own code for it. */
export type FinancingLifeStatuses<S extends number> = {
  ACCEPTED: S;
  SENT_TO_SIGN: S;
  SIGNING: S;
  SIGNED: S;
  AUTHORIZED: S;
  REJECTED: S;
  RELEASED: S;
};

export type FinancingLifeOptions<N extends string> = {
  /** What Enviar a firma needs beyond the status (provisions: the signing documents generated). */
  sendToSignNeeds: readonly N[];
  /** Who may redo a signing document (refinancings add type 4, spec 3 §4 "Signed documents status"). */
  redoWho: readonly ActorType[];
  /** May a document be redone at Aceptada, before it was sent to sign (provisions: their documents exist then)? */
  redoWhenAccepted: boolean;
};

/** The dealer's operator sends to sign, as for provisions at their status 4 (spec 3 §4). */
const DEALER_OPERATOR = [USER_TYPE.AGENCY_OPERATOR] as const;
/** Types 1 and 3: Liberar, Enviar a CRM, Actualizar folio (spec 3 §6). */
export const FINANCING_LENDER_ACTORS = [USER_TYPE.SUPER_USER, USER_TYPE.PROVIDER_OPERATOR] as const;
const SYSTEM = [SYSTEM_ACTOR_TYPE] as const;

/** One row per starting status of an action that may start from several. */
export const fromEach = <R extends { from: unknown }>(statuses: readonly R['from'][], row: Omit<R, 'from'>): R[] =>
  statuses.map((from) => ({ ...row, from }) as R);

/** The rows from Aceptada on, in the order the screens list their buttons. */
export function financingLifeRows<S extends number, N extends string>(
  s: FinancingLifeStatuses<S>,
  options: FinancingLifeOptions<N>,
): FinancingRow<FinancingLifeAction, S, N>[] {
  type Row = FinancingRow<FinancingLifeAction, S, N>;
  const redoFrom = options.redoWhenAccepted ? [s.ACCEPTED, s.SENT_TO_SIGN, s.SIGNING] : [s.SENT_TO_SIGN, s.SIGNING];
  return [
    {
      action: 'sendToSign',
      from: s.ACCEPTED,
      to: s.SENT_TO_SIGN,
      who: DEALER_OPERATOR,
      needs: options.sendToSignNeeds,
    },
    // Redo a signing document while not yet signed.
    ...fromEach<Row>(redoFrom, { action: 'redoDocument', to: 'same', who: options.redoWho, needs: [] }),
    // The e-signature provider's webhooks: a first signature (Proceso firma), then every signer (Firmado).
    { action: 'signingStarted', from: s.SENT_TO_SIGN, to: s.SIGNING, who: SYSTEM, needs: [] },
    ...fromEach<Row>([s.SENT_TO_SIGN, s.SIGNING], { action: 'signingCompleted', to: s.SIGNED, who: SYSTEM, needs: [] }),
    // "At status 6 lender roles can Liberar or send to CRM" — and once every signer signed (7), which is when a
    // lender usually does it.
    ...fromEach<Row>([s.SIGNING, s.SIGNED], {
      action: 'release',
      to: s.RELEASED,
      who: FINANCING_LENDER_ACTORS,
      needs: [],
    }),
    ...fromEach<Row>([s.SIGNING, s.SIGNED], {
      action: 'sendToCrm',
      to: s.AUTHORIZED,
      who: FINANCING_LENDER_ACTORS,
      needs: [],
    }),
    // Actualizar folio (types 1 and 3) once accepted; documents already generated keep their folio (spec 3 §5, §6).
    ...fromEach<Row>([s.ACCEPTED, s.SENT_TO_SIGN, s.SIGNING, s.SIGNED, s.AUTHORIZED, s.REJECTED, s.RELEASED], {
      action: 'updateFolio',
      to: 'same',
      who: FINANCING_LENDER_ACTORS,
      needs: [],
    }),
  ];
}

/**
 * The needs→machine adapter: the data rows that move an existing operation (creates, `from: null`, are left out)
 * as the shared machine's transitions. `check` turns a need's name into its check; `target` resolves a `to` that is
 * neither a status nor 'same' (the refinancing's 'byReview'); `needsOf` picks the needs a machine checks (a screen's
 * offer checks only some).
 */
export function machineTransitions<A extends string, S extends number, N extends string, E, T = never>(
  rows: readonly FinancingRow<string, S, N, T>[],
  spec: {
    statusOf: (entity: E) => S;
    check: Record<N, (entity: E) => true | Refusal>;
    target?: (to: T, entity: E) => S;
    needsOf?: (row: FinancingRow<string, S, N, T>) => readonly N[];
  },
): Transition<S, A, E>[] {
  return rows.flatMap((row) => {
    if (row.from === null) return [];
    const needs = (spec.needsOf ? spec.needsOf(row) : row.needs).map((need) => spec.check[need]);
    const to = row.to;
    return [
      {
        action: row.action as A,
        from: [row.from],
        to:
          to === 'same'
            ? spec.statusOf
            : typeof to === 'number'
              ? (to as S)
              : (entity: E) => (spec.target as (to: T, entity: E) => S)(to as T, entity),
        who: row.who,
        needs: (entity: E) => needs.map((need) => need(entity)).find((v) => v !== true) ?? true,
      },
    ];
  });
}
