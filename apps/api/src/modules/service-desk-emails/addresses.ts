import type { Executor } from '../../db/client';
import { allAddresses } from './repository';

/**
 * The service desk's addresses, lower-case and alphabetical, for the mails of later issues that copy the service
 * desk (spec 2 §1). An empty list means nobody to copy, never an error.
 */
export function serviceDeskAddresses(db: Executor): Promise<string[]> {
  return allAddresses(db);
}
