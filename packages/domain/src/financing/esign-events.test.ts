import { describe, expect, it } from 'vitest';
import {
  ESIGN_EVENT_MAX_AGE_SECONDS,
  esignEventIsFresh,
  providerConfirmsEsignEvent,
  type ProviderEnvelope,
} from './esign-events';

const NOW = new Date('2026-11-27T18:00:00.000Z');
const secondsFrom = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();

describe('an e-signature event’s age (decision 062)', () => {
  it.each([
    ['just signed', 0, true],
    ['a few seconds old (the provider’s retries)', -15, true],
    ['at the limit', -ESIGN_EVENT_MAX_AGE_SECONDS, true],
    ['a second past the limit', -ESIGN_EVENT_MAX_AGE_SECONDS - 1, false],
    ['an hour old (a replay)', -3600, false],
    ['from a clock a little ahead', 30, true],
    ['from far in the future', ESIGN_EVENT_MAX_AGE_SECONDS + 1, false],
  ])('%s: %s', (_name, offset, fresh) => {
    expect(esignEventIsFresh(secondsFrom(offset as number), NOW)).toBe(fresh);
  });

  it('refuses a timestamp that is not a date', () => {
    expect(esignEventIsFresh('ayer', NOW)).toBe(false);
    expect(esignEventIsFresh('', NOW)).toBe(false);
  });
});

describe('what the provider’s envelope confirms (decision 062)', () => {
  const envelope = (status: ProviderEnvelope['status'], signers: ['a' | 'b', 'pending' | 'signed'][]) =>
    ({
      envelopeId: 'env-1',
      reference: 'provision:1:2',
      status,
      signers: signers.map(([signerId, s]) => ({ signerId, status: s })),
    }) satisfies ProviderEnvelope;
  const event = (name: 'sent' | 'signed' | 'completed', signerId?: string) => ({
    event: name,
    envelopeId: 'env-1',
    reference: 'provision:1:2',
    ...(signerId ? { signerId } : {}),
  });

  it('completed: only an envelope the provider completed, with every signer signed', () => {
    expect(
      providerConfirmsEsignEvent(
        event('completed'),
        envelope('completed', [
          ['a', 'signed'],
          ['b', 'signed'],
        ]),
      ),
    ).toBe(true);
    expect(
      providerConfirmsEsignEvent(
        event('completed'),
        envelope('sent', [
          ['a', 'signed'],
          ['b', 'pending'],
        ]),
      ),
    ).toBe(false);
    expect(
      providerConfirmsEsignEvent(
        event('completed'),
        envelope('completed', [
          ['a', 'signed'],
          ['b', 'pending'],
        ]),
      ),
    ).toBe(false);
  });

  it('signed: only a signer the provider has as signed', () => {
    const sent = envelope('sent', [
      ['a', 'signed'],
      ['b', 'pending'],
    ]);
    expect(providerConfirmsEsignEvent(event('signed', 'a'), sent)).toBe(true);
    expect(providerConfirmsEsignEvent(event('signed', 'b'), sent)).toBe(false);
    expect(providerConfirmsEsignEvent(event('signed', 'z'), sent)).toBe(false);
    expect(providerConfirmsEsignEvent(event('signed'), sent)).toBe(false);
  });

  it('another envelope or reference, or a sent event, confirms nothing', () => {
    const done = envelope('completed', [['a', 'signed']]);
    expect(providerConfirmsEsignEvent({ ...event('completed'), envelopeId: 'env-2' }, done)).toBe(false);
    expect(providerConfirmsEsignEvent({ ...event('completed'), reference: 'provision:9:9' }, done)).toBe(false);
    expect(providerConfirmsEsignEvent(event('sent'), done)).toBe(false);
  });
});
