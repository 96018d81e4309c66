import type { ServiceDeskEmailResponse } from '@planpiso/domain';
import type { ServiceDeskEmailRow } from './repository';

/** A service-desk e-mail as the screens receive it (spec 2 §3); createdAt is already YYYY-MM-DD. */
export function presentServiceDeskEmail(row: ServiceDeskEmailRow): ServiceDeskEmailResponse {
  return { id: row.id, email: row.email, createdAt: row.createdAt };
}
