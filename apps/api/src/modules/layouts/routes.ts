import type { FastifyInstance } from 'fastify';
import { LAYOUT_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import { sendAttachment, XLSX_CONTENT_TYPE } from '../../platform/attachment';
import type { LayoutService } from './service';

/** Layout generator (spec 3 §2, §7 "Layout"; decision 043), declared in packages/domain/src/operations/layouts.ts. */
export async function layoutRoutes(app: FastifyInstance, { layouts }: { layouts: LayoutService }) {
  operationRoute(app, op.generateLayout, async ({ query }, request) => ({
    data: await layouts.generate(currentUser(request), query.months),
  }));
  operationRoute(app, op.applyLayout, ({ body }, request) => layouts.apply(currentUser(request), body, request.id));
  operationRoute(app, op.downloadLayout, async ({ body }, request, reply) => {
    const { bytes, fileName } = await layouts.xlsx(currentUser(request), body);
    return sendAttachment(reply, { bytes, name: fileName, contentType: XLSX_CONTENT_TYPE });
  });
}
