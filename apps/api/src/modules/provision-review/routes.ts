import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmUnitsReviewRequest,
  confirmUnitsReviewResponse,
  errorResponse,
  idParams,
  provisionReviewListResponse,
  provisionReviewQuery,
  provisionRevisionResponse,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { ProvisionReviewService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
/** A review carries up to PROVISION_UNITS_MAX units (with their comments): the provisions' save limit. */
const REVIEW_BODY_LIMIT = 8 * 1024 * 1024;

const CONFIRM_NOTES =
  'Type 2, a provision at status 3 (Validación) of an account it reaches (decision 014). Each unit: status 0 ' +
  'pending, 1 Si, 2 No, 3 Ajuste; 2 and 3 need a comment (422 REVIEW_COMMENT_REQUIRED). A unit not of the provision ' +
  '→ 422 UNIT_NOT_IN_PROVISION. reviewAF becomes true on the units whose status is not 0; the provision keeps its ' +
  'status, its version moves (a stale `version` → 409 STALE_VERSION), the account’s FinBe operator is notified and ' +
  'the audit row `provisions.reviewUnits` holds the reviews. Answers the pending count.';

/** Disposition review (spec 3 §2, §7 "Provisions"; decision 034). Who may call: API_PERMISSIONS; scope: the service. */
export async function provisionReviewRoutes(app: FastifyInstance, { review }: { review: ProvisionReviewService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['provision-review'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/provisions/review',
    {
      schema: {
        tags,
        security,
        summary: 'Provisions at Validación (3) the administrator reviews, paged (spec 3 §2 /disposiciones-revision)',
        description:
          'Default sort folio:asc (spec 3 §9); also createdAt, countUnits. Filters: folio (or manual folio), ' +
          'operator (a FinBe operator assigned to the account), account, company.',
        querystring: provisionReviewQuery,
        response: { 200: provisionReviewListResponse, ...errors },
      },
    },
    async (request) => ({ data: await review.list(currentUser(request), request.query) }),
  );

  r.get(
    '/api/provisions/:id/revision',
    {
      schema: {
        tags,
        security,
        summary: 'One provision under review: company, branch, legal representative, line, balances and its units',
        description: 'Out of the administrator’s accounts, or not at status 3 → 404.',
        params: idParams,
        response: { 200: provisionRevisionResponse, ...errors },
      },
    },
    async (request) => ({ data: await review.revision(currentUser(request), request.params.id) }),
  );

  for (const [url, summary] of [
    ['/api/provisions/confirmUnitsReview', 'Save the administrator’s review of the units (spec 3 §5, §7)'],
    [
      '/api/provisions/send-units',
      'Alias of confirmUnitsReview (spec 3 §7 lists both; decision 034: a status-3 unit is not sent back alone)',
    ],
  ] as const) {
    r.post(
      url,
      {
        bodyLimit: REVIEW_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary,
          description: CONFIRM_NOTES,
          body: confirmUnitsReviewRequest,
          response: { 200: confirmUnitsReviewResponse, ...errors, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request) => review.confirm(currentUser(request), request.body, request.id),
    );
  }
}
