import { esignWebhookResponse } from '../contracts/provision-signing';
import { defineOperation } from './operation';

/**
 * Calls from outside systems that carry their own authority instead of a session. The e-signature provider's
 * events (decision 009, 037, 047) are signed: an HMAC of the exact body, checked by the handler.
 */
export const WEBHOOK_OPERATIONS = {
  esignEvent: defineOperation({
    method: 'POST',
    path: '/api/webhooks/esign',
    tags: ['webhooks'],
    who: 'public',
    summary: 'E-signature provider events (decision 009): sent, signed, completed',
    description:
      'No session: `X-Esign-Signature: sha256=<hex HMAC-SHA256 of the raw body>` with ESIGN_WEBHOOK_SECRET ' +
      '(401 otherwise). Idempotent: the same event twice changes nothing. A first signature moves the ' +
      'provision (or refinancing: reference refinancing:<id>:<evidenceId>) 5 → 6; completed stores the stamped ' +
      'PDF (signedStatus 2) and moves it to 7.',
    response: esignWebhookResponse,
    errors: [503],
  }),
} as const;
