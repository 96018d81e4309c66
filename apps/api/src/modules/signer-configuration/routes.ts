import type { FastifyInstance } from 'fastify';
import { ACCOUNT_OPERATIONS as accountOp, CUSTOM_SIGNER_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import type { SignerConfigurationService } from './service';

/**
 * Signer configuration and custom signers (spec 2 §7 "Accounts", "Custom signers"; decision 014), declared in
 * packages/domain/src/operations/accounts.ts and custom-signers.ts.
 */
export async function signerConfigurationRoutes(
  app: FastifyInstance,
  { signers }: { signers: SignerConfigurationService },
) {
  operationRoute(app, accountOp.getSignatureConfig, async ({ query }, request) => ({
    data: await signers.getConfig(currentUser(request), query),
  }));
  operationRoute(app, accountOp.saveSignatureConfig, ({ body }, request) =>
    signers.saveConfig(currentUser(request), body, request.id),
  );

  operationRoute(app, op.listCustomSigners, async ({ query }, request) => ({
    data: await signers.listCustomSigners(currentUser(request), query),
  }));
  operationRoute(app, op.createCustomSigner, ({ body }, request) =>
    signers.createCustomSigner(currentUser(request), body, request.id),
  );
  operationRoute(app, op.updateCustomSigner, ({ params, body }, request) =>
    signers.updateCustomSigner(currentUser(request), params.id, body.fullName, request.id),
  );
  operationRoute(app, op.deleteCustomSigner, ({ params }, request) =>
    signers.deleteCustomSigner(currentUser(request), params.id, request.id),
  );
}
