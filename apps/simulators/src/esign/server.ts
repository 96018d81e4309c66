import type { FastifyInstance } from 'fastify';
import { createSimulatorApp } from '../platform/server';

export type EsignServerOptions = {
  token: string;
  webhookSecret: string;
  publicBaseUrl: () => string;
  webhookRetryDelaysMs?: number[];
};

/** The e-signature provider of decision 009 (envelopes, sign pages, webhooks). */
export function buildEsignServer(options: EsignServerOptions): FastifyInstance {
  const { app } = createSimulatorApp({ token: options.token });
  return app;
}
