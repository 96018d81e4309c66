import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  layoutApplyRequest,
  layoutApplyResponse,
  layoutDownloadRequest,
  layoutGenerateQuery,
  layoutGenerateResponse,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { attachmentDisposition } from '../../platform/uploads';
import type { LayoutService } from './service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  422: errorResponse,
  503: errorResponse,
};
const LAYOUT_BODY_LIMIT = 2 * 1024 * 1024;

/** Layout generator (spec 3 §2, §7 "Layout"; decision 043). Who may call: API_PERMISSIONS (type 2); scope: the service. */
export async function layoutRoutes(app: FastifyInstance, { layouts }: { layouts: LayoutService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['layouts'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/layouts/generate',
    {
      schema: {
        tags,
        security,
        summary: 'The layout: financed units whose credit runs out within `months`, with a suggested term',
        description:
          'Units of provisions at 8 or 10 of the accounts of the operators the administrator registered, matched by ' +
          'VIN with the CRM credit details of their client; diasRescate ≤ months × 30.4. plazoSugerido = ' +
          "round(diasRescate / 30.4), 'N/A' under audit, not refinanceable (sold) or ≤ 0. By noCredito. months " +
          "missing or ≤ 0 → 400 'Los meses de anticipación son requeridos'. CRM unreachable → 503.",
        querystring: layoutGenerateQuery,
        response: { 200: layoutGenerateResponse, ...errors },
      },
    },
    async (request) => ({ data: await layouts.generate(currentUser(request), request.query.months) }),
  );

  r.post(
    '/api/layouts/apply',
    {
      bodyLimit: LAYOUT_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Stores each unit’s term (deadlines, 1–6) and whether it may be refinanced',
        description:
          "No units → 422 'no hay unidades en el layout'. A unit the administrator does not reach (not financed, " +
          'another account) → 422 UNIT_NOT_IN_LAYOUT and nothing is written. Audit row `layouts.apply`.',
        body: layoutApplyRequest,
        response: { 200: layoutApplyResponse, ...errors },
      },
    },
    async (request) => layouts.apply(currentUser(request), request.body, request.id),
  );

  r.post(
    '/api/layouts/download',
    {
      bodyLimit: LAYOUT_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: "The layout of `months` as 'Layout (DD-MM-YYYY).xlsx' (Mexico City's day), with the edited terms",
        description:
          "`terms` overrides plazoSugerido per unitId. No units → 422 'no hay unidades en el layout'. A cell " +
          'starting with = + - @ is written as text.',
        body: layoutDownloadRequest,
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await layouts.xlsx(currentUser(request), request.body);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
}
