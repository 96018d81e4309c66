import { UNCLAIMED_UPLOADS_MAX_BYTES, UNCLAIMED_UPLOADS_MAX_FILES } from './limits';
import { MESSAGES } from './messages';

/** What a user holds in uploads no save has claimed yet. */
export type UnclaimedUploads = { files: number; bytes: number };

/**
 * Whether one more upload of `incomingBytes` fits the user's quota of unclaimed uploads (issue 27 item 4, decision
 * 071): the refusal's message, or null when it fits. Counted with the new file, so the quota is never exceeded.
 */
export function unclaimedUploadRefusal(held: UnclaimedUploads, incomingBytes: number): string | null {
  if (held.files + 1 > UNCLAIMED_UPLOADS_MAX_FILES) return MESSAGES.unclaimedUploadsQuota;
  if (held.bytes + incomingBytes > UNCLAIMED_UPLOADS_MAX_BYTES) return MESSAGES.unclaimedUploadsQuota;
  return null;
}

/** The moment before which an unclaimed upload is removed by the cleanup job. */
export const unclaimedUploadCutoff = (now: Date, ttlHours: number): Date =>
  new Date(now.getTime() - ttlHours * 3600_000);
