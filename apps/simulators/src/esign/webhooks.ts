import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

export type EsignEvent = {
  event: 'sent' | 'signed' | 'completed';
  envelopeId: string;
  reference: string;
  signerId?: string;
};

/**
 * An event as sent: with `timestamp` (ISO 8601, when it was queued) inside the signed body, so the API can refuse
 * a replayed old event (decision 062). Retries send the same body, well inside the API's five minutes.
 */
export type StampedEsignEvent = EsignEvent & { timestamp: string };

/** What happened to one webhook, for tests (`GET /__admin/webhooks`). */
export type Delivery = {
  event: StampedEsignEvent;
  callbackUrl: string;
  attempts: number;
  delivered: boolean;
  lastError: string | null;
};

/** Pauses between attempts: five tries over about 15 s, enough to ride out a restarting API. */
export const DEFAULT_RETRY_DELAYS_MS = [250, 1_000, 3_000, 10_000];
const ATTEMPT_TIMEOUT_MS = 5_000;

export const signatureOf = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * Sends the events of decision 009 to each envelope's callbackUrl, signed with HMAC-SHA256 of the exact body.
 * Delivery is asynchronous (a signer's click never waits for the callback) and ordered per envelope ('sent'
 * before 'signed' before 'completed'), with retries; a non-2xx answer counts as a failure.
 */
export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private readonly queues = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly secret: string,
    private readonly retryDelaysMs: number[] = DEFAULT_RETRY_DELAYS_MS,
  ) {}

  send(callbackUrl: string, event: EsignEvent): void {
    const stamped: StampedEsignEvent = { ...event, timestamp: new Date().toISOString() };
    const delivery: Delivery = { event: stamped, callbackUrl, attempts: 0, delivered: false, lastError: null };
    this.deliveries.push(delivery);
    const previous = this.queues.get(event.envelopeId) ?? Promise.resolve();
    const next = previous.then(() => this.deliver(delivery));
    this.queues.set(event.envelopeId, next);
  }

  /** Resolves when every queued webhook was delivered or gave up (tests wait on it). */
  async idle(): Promise<void> {
    await Promise.all(this.queues.values());
  }

  /** Abandons pending retries: a stopped simulator sends nothing more. */
  stop(): void {
    this.stopping.abort();
  }

  private async deliver(delivery: Delivery): Promise<void> {
    const body = JSON.stringify(delivery.event);
    const headers = { 'content-type': 'application/json', 'x-esign-signature': signatureOf(body, this.secret) };
    for (let attempt = 0; attempt <= this.retryDelaysMs.length; attempt++) {
      if (this.stopping.signal.aborted) return;
      if (attempt > 0) {
        try {
          await sleep(this.retryDelaysMs[attempt - 1], undefined, { signal: this.stopping.signal });
        } catch {
          return;
        }
      }
      delivery.attempts++;
      try {
        const signal = AbortSignal.any([this.stopping.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]);
        const response = await fetch(delivery.callbackUrl, { method: 'POST', headers, body, signal });
        await response.body?.cancel();
        if (response.ok) {
          delivery.delivered = true;
          delivery.lastError = null;
          return;
        }
        delivery.lastError = `HTTP ${response.status}`;
      } catch (error) {
        delivery.lastError = error instanceof Error ? error.message : String(error);
      }
    }
  }
}
