import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  configurationResponse,
  errorResponse,
  operatingWindowResponse,
  saveConfigurationRequest,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { ProvisionSettingsService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** GET and POST /configuration (spec 1 §7, spec 2 §7 "Provisions configuration"). */
export async function provisionSettingsRoutes(
  app: FastifyInstance,
  { settings }: { settings: ProvisionSettingsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['configuration'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/configuration',
    {
      schema: {
        tags,
        security,
        summary: 'The provisions configuration: e-mail, operating window, validity, periodic validations',
        response: { 200: configurationResponse, ...errors },
      },
    },
    async () => ({ data: await settings.get() }),
  );

  r.get(
    '/api/configuration/operating-window',
    {
      schema: {
        tags,
        security,
        summary: 'May a provision action run now? (non-working day, operating hours) — the screens warn before typing',
        response: { 200: operatingWindowResponse, ...errors },
      },
    },
    async () => ({ data: await settings.operatingWindow() }),
  );

  r.post(
    '/api/configuration',
    {
      schema: {
        tags,
        security,
        summary: 'Saves the provisions configuration (the window and the validation times apply at once)',
        body: saveConfigurationRequest,
        response: { 200: configurationResponse, ...errors },
      },
    },
    async (request) => settings.save(currentUser(request), request.body, request.id),
  );
}
