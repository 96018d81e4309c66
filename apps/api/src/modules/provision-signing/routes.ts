import type { FastifyInstance } from 'fastify';
import {
  PROVISION_SIGNING_OPERATIONS as op,
  REFINANCING_ENVELOPE_PREFIX,
  WEBHOOK_OPERATIONS,
  type EsignWebhookEventBody,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { actOnRow, operationRoute, readRow } from '../../platform/operation-route';
import type { WebhookOutcome } from './envelopes';
import type { ProvisionSigningService } from './service';

/** Who handles a verified provider event of a document this service does not own (a refinancing's). */
type EsignEventHandler = { handleEvent(event: EsignWebhookEventBody): Promise<WebhookOutcome> };

/**
 * The provisions' signing documents and e-signature (issue 17, decision 037), declared in
 * packages/domain/src/operations/provision-signing.ts. Who may call each route is the operation's `who`; the
 * provision's scope (404 outside it) and the state machine (409 at another status) the service.
 */
export async function provisionSigningRoutes(app: FastifyInstance, { signing }: { signing: ProvisionSigningService }) {
  operationRoute(app, op.generateDocuments, ({ params }, request) =>
    signing.generate(currentUser(request), params.id, request.id),
  );
  operationRoute(app, op.sendToSign, ({ params, body }, request) =>
    signing.sendToSign(currentUser(request), params.id, body.version, request.id),
  );
  operationRoute(app, op.redoDocument, actOnRow(signing.redo));
  operationRoute(app, op.listSigningEvidences, readRow(signing.evidences));
}

/**
 * POST /api/webhooks/esign (packages/domain/src/operations/webhooks.ts), in a context of its own: its JSON body is
 * kept as the exact text the provider signed (the HMAC is of the raw bytes), where every other route gets it parsed.
 * No session: the signature is the permission, checked by parseWebhook (401 otherwise).
 */
export async function esignWebhookRoutes(
  app: FastifyInstance,
  { signing, refinancingSigning }: { signing: ProvisionSigningService; refinancingSigning: EsignEventHandler },
) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  operationRoute(app, WEBHOOK_OPERATIONS.esignEvent, async (_input, request) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = request.headers['x-esign-signature'];
    const event = signing.parseWebhook(raw, Array.isArray(header) ? header[0] : header);
    // A refinancing's document (decision 047) or a provision's (decision 037), told apart by the reference.
    const outcome = event.reference.startsWith(REFINANCING_ENVELOPE_PREFIX)
      ? await refinancingSigning.handleEvent(event)
      : await signing.handleEvent(event);
    return { data: { outcome } };
  });
}
