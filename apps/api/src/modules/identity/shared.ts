import { createHash } from 'node:crypto';
import { AppErrorCode, MESSAGES } from '@planpiso/domain';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';

/** What the identity use cases need of the app. */
export type IdentityDeps = Pick<AppDeps, 'db' | 'clock' | 'jobs' | 'jwt' | 'config' | 'log'>;

export type RequestContext = { requestId?: string | null };
/** Where a request came from (Fastify's request.ip, behind TRUST_PROXY the client's). */
export type ClientContext = RequestContext & { client: string };

export const notAuthorized = (message: string = MESSAGES.wrongCredentials, reason?: string) =>
  new AppError(AppErrorCode.NotAuthorizedException, { message, reason });

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
