import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILE_OPERATIONS, pathOf, FILE_LINK_TTL_SECONDS } from '@planpiso/domain';
import type { Clock } from '../../platform/clock';

/**
 * Short-lived download links (issue 13): `/api/files/{id}/signed?expires=<epoch s>&sig=<HMAC>`. The key is derived
 * from the JWT secret for this one purpose, so every API copy checks the others' links and a link is no token.
 */
export function createLinkSigner(jwtSecret: string, clock: Clock) {
  const key = createHmac('sha256', jwtSecret).update('planpiso:file-links:v1').digest();
  const signatureOf = (fileId: number, expires: number) =>
    createHmac('sha256', key).update(`${fileId}.${expires}`).digest('base64url');
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  return {
    sign(fileId: number): { url: string; expiresAt: string } {
      const expires = nowSeconds() + FILE_LINK_TTL_SECONDS;
      const sig = signatureOf(fileId, expires);
      return {
        url: `${pathOf(FILE_OPERATIONS.signedDownload, { id: fileId })}?expires=${expires}&sig=${sig}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },

    /** True for a link we made for this file that has not expired (and does not claim to outlive a fresh one). */
    verify(fileId: number, expires: number, sig: string): boolean {
      const now = nowSeconds();
      if (expires < now || expires > now + FILE_LINK_TTL_SECONDS) return false;
      const expected = Buffer.from(signatureOf(fileId, expires));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type LinkSigner = ReturnType<typeof createLinkSigner>;
