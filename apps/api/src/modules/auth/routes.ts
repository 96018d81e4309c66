import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  loginRequest,
  loginResponse,
  setInformationRequest,
  setInformationResponse,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { AuthService } from './service';

export async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const security = [{ bearerAuth: [] }];

  r.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in user’s session user and its signed copy',
        body: loginRequest.nullish(),
        response: { 200: loginResponse, 401: errorResponse },
      },
    },
    async (request) => ({ data: await auth.login(currentUser(request)) }),
  );

  r.post(
    '/api/auth/set-information',
    {
      schema: {
        tags,
        security,
        summary: 'Switch the active company (types 4 and 5)',
        body: setInformationRequest,
        response: {
          200: setInformationResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => ({ data: await auth.setInformation(currentUser(request), request.body, request.id) }),
  );
}
