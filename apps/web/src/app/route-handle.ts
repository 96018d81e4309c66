import type { AppRoute } from '@planpiso/domain';

/** What every application route carries in its `handle`: its row of the domain route table. */
export type RouteHandle = { route: AppRoute };
