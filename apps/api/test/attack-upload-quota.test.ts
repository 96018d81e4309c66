import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_UPLOADS_PER_MINUTE,
  EVIDENCE_TYPE,
  MESSAGES,
  UNCLAIMED_UPLOADS_MAX_FILES,
  UNCLAIMED_UPLOAD_TTL_HOURS,
} from '@planpiso/domain';
import { VALID_NEW_VINS } from '@planpiso/simulators/fixtures';
import { evidences, files } from '../src/db/schema/files';
import { unclaimedUploadsCleanupJob } from '../src/jobs/unclaimed-uploads';
import { createStorage } from '../src/platform/storage/create-storage';
import { StorageNotFoundError } from '../src/platform/storage/storage';
import { createProvision } from './financing-fixtures';
import { bearer, buildTestApp, fakeClock, json, signIn, testConfig, type TestApp } from './harness';
import { seededDatabase } from './seeded-database';
import { PDF, dealerWithOperator, listFiles, multipart, tempDataDir } from './support/uploads';

// Issue 27 item 4 (decision 071): one dealer stored 1,000 unclaimed uploads (97.6 MB) in 58 s. Uploads before a
// save are rate-limited per user, an upload past the user's quota of unclaimed files is refused before its bytes
// are kept, and the uploads no save claimed within a day are removed with their bytes.

const seeded = await seededDatabase('uploadquota');
let dataDir: string;
let t: TestApp;

beforeAll(async () => {
  dataDir = await tempDataDir();
  t = await buildTestApp({ db: seeded.db, env: { DATA_DIR: dataDir } });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await seeded.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function dealerToken() {
  const { dealer } = await dealerWithOperator(seeded.db);
  return { id: dealer.id, token: await signIn(t.app, dealer.email) };
}

const upload = (token: string, withFile = true) =>
  t.app.inject({
    method: 'POST',
    url: '/api/documents',
    ...multipart(
      [{ name: 'kind', value: 'unit' }, ...(withFile ? [{ name: 'file', filename: 'factura.pdf', content: PDF }] : [])],
      bearer(token),
    ),
  });

const storage = () => createStorage(testConfig({ DATA_DIR: dataDir }).storage);

async function stored(key: string): Promise<boolean> {
  try {
    const stream = await storage().get(key);
    stream.destroy();
    return true;
  } catch (error) {
    if (error instanceof StorageNotFoundError) return false;
    throw error;
  }
}

describe('uploads before a save (issue 27 item 4)', () => {
  it('refuses an upload past the quota of unclaimed files with 409 in Spanish, keeping no bytes of it', async () => {
    const { id, token } = await dealerToken();
    // The user already holds the quota in uploads no save used.
    await seeded.db.insert(files).values(
      Array.from({ length: UNCLAIMED_UPLOADS_MAX_FILES }, () => ({
        key: `evidences/2026/11/${randomUUID()}`,
        originalName: 'factura.pdf',
        contentType: 'application/pdf',
        size: 1,
        sha256: '0'.repeat(64),
        uploadedBy: id,
      })),
    );
    const before = await seeded.db.select({ id: files.id }).from(files);
    const bytesBefore = await listFiles(dataDir);
    const refused = await upload(token);
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED', message: MESSAGES.unclaimedUploadsQuota });
    expect((await seeded.db.select({ id: files.id }).from(files)).length).toBe(before.length);
    expect(await listFiles(dataDir)).toEqual(bytesBefore);

    // A save claims one of them: the next upload fits again.
    const { units } = await createProvision(seeded.db, [VALID_NEW_VINS[0]!], 1);
    await seeded.db
      .insert(evidences)
      .values({ fileId: before.at(-1)!.id, type: EVIDENCE_TYPE.UNIT_DOCUMENT, unitId: units[0]!.id });
    expect((await upload(token)).statusCode).toBe(201);
  });

  it(`answers 429 in Spanish past ${DOCUMENT_UPLOADS_PER_MINUTE} uploads a minute from one user`, async () => {
    const { token } = await dealerToken();
    for (let n = 0; n < DOCUMENT_UPLOADS_PER_MINUTE; n += 1) {
      // Without a file: refused (400) by the handler, but counted all the same.
      expect((await upload(token, false)).statusCode).toBe(400);
    }
    const limited = await upload(token);
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests });
    // Another user is not held back.
    expect((await upload((await dealerToken()).token)).statusCode).toBe(201);
  });

  it('removes an upload no save claimed within a day, row and bytes; a claimed one and a fresh one stay', async () => {
    const { token } = await dealerToken();
    const ids: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const response = await upload(token);
      expect(response.statusCode).toBe(201);
      ids.push(json<{ data: { fileId: number } }>(response).data.fileId);
    }
    const [oldId, claimedId, freshId] = ids as [number, number, number];
    const rows = await seeded.db.select().from(files).where(inArray(files.id, ids));
    const keyOf = (id: number) => rows.find((row) => row.id === id)!.key;
    // Two of them were uploaded 25 hours ago; a save claimed one of those.
    const now = new Date();
    const longAgo = new Date(now.getTime() - (UNCLAIMED_UPLOAD_TTL_HOURS + 1) * 3600_000);
    await seeded.db
      .update(files)
      .set({ createdAt: longAgo })
      .where(inArray(files.id, [oldId, claimedId]));
    const { units } = await createProvision(seeded.db, [VALID_NEW_VINS[1]!], 1);
    await seeded.db
      .insert(evidences)
      .values({ fileId: claimedId, type: EVIDENCE_TYPE.UNIT_DOCUMENT, unitId: units[0]!.id });

    const job = unclaimedUploadsCleanupJob({ db: seeded.db, storage: storage(), clock: fakeClock(now), log: console });
    await job.handle({});

    const left = await seeded.db.select({ id: files.id }).from(files).where(inArray(files.id, ids));
    expect(left.map((row) => row.id).sort()).toEqual([claimedId, freshId].sort());
    expect(await stored(keyOf(oldId))).toBe(false);
    expect(await stored(keyOf(claimedId))).toBe(true);
    expect(await stored(keyOf(freshId))).toBe(true);
    // Idempotent: a second round removes nothing more.
    expect(await job.removeStale()).toBe(0);
    expect((await seeded.db.select().from(files).where(eq(files.id, freshId))).length).toBe(1);
  });
});
