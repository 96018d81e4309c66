import type { EsignWebhookEventBody, SigningEvidence } from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import { handleEsignEvent } from '../financing';
import type { NotificationsService } from '../notifications';
import { provisionScopeOf } from '../provisions';
import { generateDocument } from './generate-document';
import { presentSigningEvidence } from './presenter';
import { redoDocument } from './redo-document';
import * as repo from './repository';
import { sendToSign } from './send-to-sign';
import { createSigningContext, type SigningDeps } from './signing-context';

export type ProvisionSigningService = ReturnType<typeof createProvisionSigningService>;

export type { WebhookOutcome } from './envelopes';

/**
 * The provisions' signing documents and their e-signature (issue 17, decision 037). Every call to the provider
 * (create an envelope, fetch the stamped PDF) happens outside any transaction; the envelope is recorded on its
 * document as soon as the provider answers, so a retried send reuses it; every status change goes through the
 * provisions' mover (machine, notifications, audit row) in one transaction. Each use case is a function of its
 * own file; this binds them to the app's dependencies for the routes.
 */
export function createProvisionSigningService(deps: SigningDeps, notifications: NotificationsService) {
  const ctx = createSigningContext(deps, notifications);
  const handleEvent = (event: EsignWebhookEventBody) =>
    handleEsignEvent(ctx.kind, { db: deps.db, log: deps.log, documents: ctx.documents }, event);

  return {
    /** POST /api/provisions/{id}/documents (type 5 at 4): the signing document, replacing one not yet sent. */
    generate: (actor: AuthUser, id: number, requestId: string) => generateDocument(ctx, actor, id, requestId),

    /** POST /api/provisions/{id}/send-to-sign (type 5 at 4 → 5): send-to-sign.ts. */
    sendToSign: (actor: AuthUser, id: number, expectedVersion: number, requestId: string) =>
      sendToSign(ctx, actor, id, expectedVersion, requestId),

    /** POST /api/provisions/{id}/redo-document (types 1 and 3 at 4–6): redo-document.ts. */
    redo: (
      actor: AuthUser,
      id: number,
      body: { provisionId?: number; version?: number } | undefined,
      requestId: string,
    ) => redoDocument(ctx, actor, id, body, requestId),

    /** GET /api/provisions/{id}/evidences-signature: the documents of a provision in the caller's scope. */
    async evidences(actor: AuthUser, id: number): Promise<{ evidences: SigningEvidence[] }> {
      await ctx.found(provisionScopeOf(actor), id);
      const documents = await repo.signingDocumentsOf(deps.db, id);
      return { evidences: documents.map((d) => presentSigningEvidence(d, actor.email)) };
    },

    /** POST /api/webhooks/esign: a provider event, trusted only with a valid HMAC of the exact body (401 otherwise). */
    webhook: (rawBody: string, signature: string | undefined) =>
      handleEvent(ctx.documents.parseWebhook(rawBody, signature)),

    handleEvent,
    parseWebhook: ctx.documents.parseWebhook,
  };
}
