/**
 * What a webhook of the e-signature provider may change (issue 27 item 1, decision 062). An event is only a hint:
 * its HMAC proves who sent it, its timestamp when, and the provider's own envelope (read back with
 * GET /envelopes/{id}) decides what happened.
 */

/** How old (or how far ahead of our clock) a signed event may be before it is refused as a replay. */
export const ESIGN_EVENT_MAX_AGE_SECONDS = 5 * 60;

/** Is an event signed at `timestamp` (ISO 8601) recent enough at `now`? A clock skew either way counts alike. */
export function esignEventIsFresh(timestamp: string, now: Date): boolean {
  const at = Date.parse(timestamp);
  if (Number.isNaN(at)) return false;
  return Math.abs(now.getTime() - at) <= ESIGN_EVENT_MAX_AGE_SECONDS * 1000;
}

/** The provider's envelope as GET /envelopes/{id} answers it (only what the decision needs). */
export type ProviderEnvelope = {
  envelopeId: string;
  reference: string;
  status: 'sent' | 'completed';
  signers: readonly { signerId: string; status: 'pending' | 'signed' }[];
};

/**
 * Does the provider's envelope confirm the event? `completed`: the envelope is completed and every signer signed;
 * `signed`: that signer signed. The envelope must be the event's (same id and reference). Anything else — `sent`,
 * an unknown signer — confirms nothing.
 */
export function providerConfirmsEsignEvent(
  event: { event: 'sent' | 'signed' | 'completed'; envelopeId: string; reference: string; signerId?: string },
  envelope: ProviderEnvelope,
): boolean {
  if (envelope.envelopeId !== event.envelopeId || envelope.reference !== event.reference) return false;
  if (event.event === 'completed') {
    return envelope.status === 'completed' && envelope.signers.every((signer) => signer.status === 'signed');
  }
  if (event.event === 'signed') {
    return envelope.signers.some((signer) => signer.signerId === event.signerId && signer.status === 'signed');
  }
  return false;
}
