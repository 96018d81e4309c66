import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Operation, OperationInput, OperationOutput } from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import { actOnRow, operationRoute, rowXlsx } from '../../platform/operation-route';

/** An operation on one row: its path names the row's `:id`. */
type RowOperation = Operation & { readonly params: z.ZodType<{ id: number }> };

/** A use case on one row, typed by the operation it answers. */
type RowAction<O extends RowOperation> = (
  actor: AuthUser,
  id: number,
  body: OperationInput<O>['body'],
  requestId: string,
) => Promise<OperationOutput<O>>;

/** The closing operations of one kind of financing operation (its own paths, declared in packages/domain). */
export type ClosingOperations<
  R extends RowOperation,
  C extends RowOperation,
  F extends RowOperation,
  X extends RowOperation,
> = {
  release: R;
  sendToCrm: C;
  updateFolio: F;
  unitsXlsx: X;
};

/** What answers them: Liberar, Enviar a CRM, Actualizar folio and the units' spreadsheet. */
export type ClosingActions<R extends RowOperation, C extends RowOperation, F extends RowOperation> = {
  release: RowAction<R>;
  sendToCrm: RowAction<C>;
  updateFolio: RowAction<F>;
  unitsXlsx: (actor: AuthUser, id: number) => Promise<{ bytes: Buffer; fileName: string }>;
};

/**
 * The shared life's closing routes (spec 3 §6: Liberar, Enviar a CRM, Actualizar folio, the units XLSX), registered
 * once for provisions and refinancings (issue 28 item 1): each passes its own operations and use cases.
 */
export function closingRoutes<
  R extends RowOperation,
  C extends RowOperation,
  F extends RowOperation,
  X extends RowOperation,
>(app: FastifyInstance, operations: ClosingOperations<R, C, F, X>, actions: ClosingActions<R, C, F>): void {
  // TypeScript cannot resolve an operation's input for a generic O, so the handler's type is asserted here; callers
  // are checked against their concrete operations by ClosingActions.
  const route = <O extends RowOperation>(operation: O, handler: unknown) =>
    operationRoute(app, operation, handler as Parameters<typeof operationRoute<O>>[2]);
  route(operations.release, actOnRow(actions.release));
  route(operations.sendToCrm, actOnRow(actions.sendToCrm));
  route(operations.updateFolio, actOnRow(actions.updateFolio));
  // A file: the handler sends it with its own headers.
  route(operations.unitsXlsx, rowXlsx(actions.unitsXlsx));
}
