import { describe, expect, it } from 'vitest';
import { UNCLAIMED_UPLOADS_MAX_BYTES, UNCLAIMED_UPLOADS_MAX_FILES, UNCLAIMED_UPLOAD_TTL_HOURS } from './limits';
import { MESSAGES } from './messages';
import { unclaimedUploadCutoff, unclaimedUploadRefusal } from './upload-quota';

describe('the quota of unclaimed uploads (issue 27 item 4)', () => {
  it('takes an upload up to the last file and the last byte, and refuses one more', () => {
    expect(unclaimedUploadRefusal({ files: 0, bytes: 0 }, 1024)).toBeNull();
    expect(unclaimedUploadRefusal({ files: UNCLAIMED_UPLOADS_MAX_FILES - 1, bytes: 0 }, 1024)).toBeNull();
    expect(unclaimedUploadRefusal({ files: UNCLAIMED_UPLOADS_MAX_FILES, bytes: 0 }, 1)).toBe(
      MESSAGES.unclaimedUploadsQuota,
    );
    expect(unclaimedUploadRefusal({ files: 1, bytes: UNCLAIMED_UPLOADS_MAX_BYTES - 10 }, 10)).toBeNull();
    expect(unclaimedUploadRefusal({ files: 1, bytes: UNCLAIMED_UPLOADS_MAX_BYTES - 10 }, 11)).toBe(
      MESSAGES.unclaimedUploadsQuota,
    );
  });

  it('removes what no save claimed within the day', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(unclaimedUploadCutoff(now, UNCLAIMED_UPLOAD_TTL_HOURS).toISOString()).toBe('2026-11-26T12:00:00.000Z');
  });
});
