import type { ProvisionDetail } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { notFound } from '../../platform/errors';
import type { ProvisionScope } from './policy';
import { presentDetail } from './presenter';
import * as repo from './repository';

/** A provision in the caller's scope with its units and evidences, as the detail screen shows it. */
export async function provisionDetail(executor: Executor, scope: ProvisionScope, id: number): Promise<ProvisionDetail> {
  const found = await repo.findProvision(executor, scope, id);
  if (!found) throw notFound();
  const [units, evidences] = await Promise.all([repo.unitsOf(executor, id), repo.evidencesOf(executor, id)]);
  return presentDetail(found, units, evidences);
}
