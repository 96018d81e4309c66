import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Db } from '../../src/db/client';
import { accountOperators } from '../../src/db/schema/assignments';
import { createOrganisation, createUser } from '../harness';

/** The first bytes of real files: what file-type recognises them by. */
export const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.from('0000000d4944415478da63f8ffff3f0005fe02fea73581e40000000049454e44ae426082', 'hex'),
]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body for app.inject, built by hand so a test controls every byte and name. */
export function multipart(parts: Part[], extraHeaders: Record<string, string> = {}) {
  const boundary = `----planpiso${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...extraHeaders },
  };
}

/** A DATA_DIR of the test's own, so what lands in (or stays out of) storage can be listed. */
export async function tempDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'planpiso-files-test-'));
}

/** Every file under `dir`, relative to it (dot files included: a half-written upload would show). */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

/** An account with its lender operator and a dealer operator (type 5) working in its first company. */
export async function dealerWithOperator(db: Db) {
  const org = await createOrganisation(db);
  const operator = await createUser(db, 3);
  await db.insert(accountOperators).values({ accountId: org.account.id, userId: operator.id });
  const dealer = await createUser(db, 5, {
    accountId: org.account.id,
    companyId: org.companies[0]!.id,
    companies: [org.companies[0]!.id],
  });
  return { org, operator, dealer };
}
