import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_MAX_BYTES, FILE_LINK_TTL_SECONDS, MESSAGES } from '@planpiso/domain';
import { exceptions } from '../src/db/schema/exceptions';
import { files } from '../src/db/schema/files';
import { storageConfig } from '../src/platform/config';
import { registerErrorHandling } from '../src/platform/errors';
import { createStorage } from '../src/platform/storage/create-storage';
import { diskStorage } from '../src/platform/storage/disk-storage';
import { attachmentDisposition, receiveFile, registerUploads, safeFileName } from '../src/platform/uploads';
import { SECOND, bearer, createOrganisation, createUser, json, signIn } from './harness';
import { PDF, PNG, dealerWithOperator, listFiles, multipart, tempDataDir } from './support/uploads';
import { sharedApp } from './support/shared-app';

/**
 * Files (issue 13): uploads are checked by size, extension and bytes and leave nothing behind when refused; a
 * stored file has a server-made key; downloads are scoped (foreign → 404) or go through a 5-minute signed link.
 */
const t = await sharedApp({ dataDir: true });
const { app, db, clock, dataDir } = t;
const storageRoot = join(dataDir, 'files');

const { org, operator, dealer } = await dealerWithOperator(db);
const dealerToken = await signIn(app, dealer.email);
const operatorToken = await signIn(app, operator.email);
const foreign = await createOrganisation(db);
const foreignDealer = await createUser(db, 5, {
  accountId: foreign.account.id,
  companyId: foreign.companies[0]!.id,
  companies: [foreign.companies[0]!.id],
});
const foreignToken = await signIn(app, foreignDealer.email);
const foreignOperator = await createUser(db, 3);
const foreignOperatorToken = await signIn(app, foreignOperator.email);

const send = (filename: string, content: Buffer, comment = 'Necesito disponer') =>
  app.inject({
    method: 'POST',
    url: '/api/exceptions',
    ...multipart(
      [
        { name: 'comment', value: comment },
        { name: 'evidence', filename, content },
      ],
      bearer(dealerToken),
    ),
  });

async function companyExceptions() {
  return db.select().from(exceptions).where(eq(exceptions.companyId, org.companies[0]!.id));
}

async function expectNothingStored(before: number) {
  expect(await listFiles(storageRoot)).toEqual([]);
  expect(await db.select().from(files).where(eq(files.uploadedBy, dealer.id))).toEqual([]);
  expect(await companyExceptions()).toHaveLength(before);
}

describe('upload checks (nothing is kept when a file is refused)', () => {
  it('a PDF named .png answers 415: the bytes decide, not the name', async () => {
    const response = await send('foto.png', PDF);
    expect(response.statusCode, response.body).toBe(415);
    expect(json(response)).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', message: MESSAGES.fileInvalidType });
    await expectNothingStored(0);
  });

  it('an extension the screen does not allow answers 415 (spec 1 §5: .jpg and .png)', async () => {
    const response = await send('x.pdf', PNG);
    expect(response.statusCode, response.body).toBe(415);
    await expectNothingStored(0);
  });

  it('a file over the limit answers 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(DEFAULT_UPLOAD_MAX_BYTES + 1 - PNG.length)]);
    const response = await send('grande.png', big);
    expect(response.statusCode, response.body).toBe(413);
    expect(json(response)).toMatchObject({ code: 'FILE_TOO_LARGE', message: MESSAGES.fileTooLarge });
    await expectNothingStored(0);
  });

  it('a body that is not multipart answers 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/exceptions',
      headers: bearer(dealerToken),
      payload: { comment: 'x' },
    });
    expect(response.statusCode, response.body).toBe(415);
  });

  it('PNG bytes named .pdf answer 415 where PDF is allowed (file-type sniffs the bytes)', async () => {
    const mini = Fastify({ logger: false });
    registerErrorHandling(mini);
    await registerUploads(mini);
    mini.post('/upload', async (request) => {
      const form = await receiveFile(request, { field: 'file', allowed: ['pdf', 'png', 'xml'], maxBytes: 1000 });
      await form.discard();
      return { file: form.file && { name: form.file.originalName, type: form.file.contentType } };
    });
    const upload = (filename: string, content: Buffer) =>
      mini.inject({ method: 'POST', url: '/upload', ...multipart([{ name: 'file', filename, content }]) });
    expect((await upload('x.pdf', PNG)).statusCode).toBe(415);
    expect(json(await upload('x.pdf', PDF))).toEqual({ file: { name: 'x.pdf', type: 'application/pdf' } });
    expect(json(await upload('cfdi.xml', Buffer.from('\uFEFF  <?xml version="1.0"?><cfdi/>')))).toEqual({
      file: { name: 'cfdi.xml', type: 'application/xml' },
    });
    expect((await upload('cfdi.xml', Buffer.from('no soy xml'))).statusCode).toBe(415);
    expect((await upload('x.pdf', Buffer.concat([PDF, Buffer.alloc(1000)]))).statusCode).toBe(413);
    await mini.close();
  });
});

describe('a stored file', () => {
  type Evidence = { fileId: number; fileName: string; url: string };
  let created: Awaited<ReturnType<typeof send>>;
  let evidence: Evidence;
  let row: typeof files.$inferSelect | undefined;
  beforeAll(async () => {
    created = await send('../../etc/passwd.png', PNG);
    evidence = json<{ data: { evidences: Evidence[] } }>(created).data.evidences[0]!;
    [row] = await db.select().from(files).where(eq(files.id, evidence.fileId));
  });

  it('lives under a server-made key; the user’s name is kept, sanitised, only for the download', async () => {
    expect(created.statusCode, created.body).toBe(201);
    expect(row!.key).toMatch(/^evidences\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(row!.originalName).toBe('passwd.png');
    expect(evidence.fileName).toBe('passwd.png');
    expect(row!.size).toBe(PNG.length);
    expect(row!.contentType).toBe('image/png');
    expect(await listFiles(storageRoot)).toEqual([row!.key]);
    expect(await readFile(join(storageRoot, row!.key))).toEqual(PNG);
    expect(existsSync(join(dataDir, 'etc'))).toBe(false);
  });

  it('downloads as an attachment with a safe name for users whose scope reaches its exception', async () => {
    for (const token of [dealerToken, operatorToken]) {
      const response = await app.inject({ method: 'GET', url: evidence.url, headers: bearer(token) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.rawPayload).toEqual(PNG);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="passwd.png"; filename*=UTF-8''passwd.png`,
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-type']).toBe('image/png');
    }
  });

  it('is not found for a dealer of another account, nor for another account’s operator', async () => {
    for (const token of [foreignToken, foreignOperatorToken]) {
      for (const url of [evidence.url, `${evidence.url}/link`]) {
        const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(response.statusCode, `${url} ${response.body}`).toBe(404);
      }
    }
  });

  it('answers 401 without a session', async () => {
    expect((await app.inject({ method: 'GET', url: evidence.url })).statusCode).toBe(401);
  });

  it('has a signed link that works without a session for 5 minutes, then is refused', async () => {
    const linked = await app.inject({ method: 'GET', url: `${evidence.url}/link`, headers: bearer(dealerToken) });
    expect(linked.statusCode, linked.body).toBe(200);
    const { url, expiresAt } = json<{ data: { url: string; expiresAt: string } }>(linked).data;
    expect(Date.parse(expiresAt) - clock.now().getTime()).toBeLessThanOrEqual(FILE_LINK_TTL_SECONDS * SECOND);

    const fresh = await app.inject({ method: 'GET', url });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.rawPayload).toEqual(PNG);
    expect(fresh.headers['content-disposition']).toMatch(/^attachment; /);

    clock.advance(FILE_LINK_TTL_SECONDS * SECOND + SECOND);
    const expired = await app.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(403);
    expect(json(expired)).toMatchObject({ code: 'FILE_LINK_INVALID', message: MESSAGES.fileLinkInvalid });
    clock.set(new Date());
  });

  it('refuses a tampered link: another signature, another expiry or another file', async () => {
    const linked = await app.inject({ method: 'GET', url: `${evidence.url}/link`, headers: bearer(dealerToken) });
    const { url } = json<{ data: { url: string } }>(linked).data;
    const parsed = new URL(url, 'http://x');
    const sig = parsed.searchParams.get('sig')!;
    const expires = Number(parsed.searchParams.get('expires'));
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const tampered = [
      `${parsed.pathname}?expires=${expires}&sig=${flipped}`,
      `${parsed.pathname}?expires=${expires - 1}&sig=${sig}`,
      `/api/files/${evidence.fileId + 1}/signed?expires=${expires}&sig=${sig}`,
    ];
    for (const bad of tampered) {
      const response = await app.inject({ method: 'GET', url: bad });
      expect(response.statusCode, bad).toBe(403);
    }
  });
});

describe('names and headers', () => {
  it('keeps only the last segment of a name, without reserved or control characters', () => {
    expect(safeFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(safeFileName('C:\\Users\\x\\factura.xml')).toBe('factura.xml');
    expect(safeFileName('..')).toBe('archivo');
    expect(safeFileName('a"b\r\n<c>.png')).toBe('abc.png');
    expect(safeFileName(`${'x'.repeat(300)}.pdf`)).toHaveLength(255);
    expect(safeFileName(`${'x'.repeat(300)}.pdf`).endsWith('.pdf')).toBe(true);
  });

  it('gives the header an ASCII name and the exact UTF-8 one', () => {
    expect(attachmentDisposition('Evidencia daño (1).png')).toBe(
      `attachment; filename="Evidencia dano (1).png"; filename*=UTF-8''Evidencia%20da%C3%B1o%20%281%29.png`,
    );
  });
});

describe('storage', () => {
  it('is the disk under DATA_DIR unless S3_BUCKET is set', () => {
    expect(storageConfig({}, '/srv/data')).toEqual({ kind: 'disk', dataDir: '/srv/data' });
    expect(createStorage(storageConfig({}, '/srv/data')).kind).toBe('disk');
    const s3 = storageConfig(
      {
        S3_BUCKET: 'planpiso',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
      '/srv/data',
    );
    expect(s3).toEqual({
      kind: 's3',
      dataDir: '/srv/data',
      s3: {
        bucket: 'planpiso',
        region: 'us-east-1',
        endpoint: 'http://minio:9000',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
    });
    expect(createStorage(s3).kind).toBe('s3');
    expect(storageConfig({ S3_BUCKET: 'b', S3_REGION: 'mx-central-1' }, '/d')).toMatchObject({
      s3: { region: 'mx-central-1', endpoint: undefined, forcePathStyle: false },
    });
  });

  it('refuses a half S3 configuration instead of silently using the disk', () => {
    expect(() => storageConfig({ S3_ENDPOINT: 'http://minio:9000' }, '/d')).toThrow(/without S3_BUCKET/);
    expect(() => storageConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }, '/d')).toThrow(/go together/);
  });

  it('on disk, refuses any key that is not server-made and never leaves the root', async () => {
    const root = join(await tempDataDir(), 'files');
    const disk = diskStorage(root);
    for (const key of ['../x', 'a/../../b', '/etc/passwd', 'A/b', 'a//b', 'a/b.pdf', '']) {
      await expect(disk.put(key, Buffer.from('x'), { contentType: 'text/plain', size: 1 })).rejects.toThrow();
      await expect(disk.get(key)).rejects.toThrow();
    }
    await disk.put('evidences/2026/11/abc', PNG, { contentType: 'image/png', size: PNG.length });
    expect(await disk.exists('evidences/2026/11/abc')).toBe(true);
    expect(await listFiles(root)).toEqual(['evidences/2026/11/abc']);
    await disk.delete('evidences/2026/11/abc');
    await disk.delete('evidences/2026/11/abc');
    expect(await disk.exists('evidences/2026/11/abc')).toBe(false);
  });
});
