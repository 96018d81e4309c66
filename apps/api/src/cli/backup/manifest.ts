import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/**
 * A backup is one directory (decision 084): `manifest.json`, `database/` (a pg_dump archive or one gzipped COPY file
 * per table) and `files/` (the stored files, by key). The manifest is written last, so a directory without one is a
 * backup that did not finish.
 */
export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'planpiso-backup/1';

const table = z.object({
  /** `schema.table`, quoted as PostgreSQL prints it only where it must be. */
  name: z.string(),
  schema: z.string(),
  table: z.string(),
  rows: z.number().int().nonnegative(),
  /** The logical backup's COPY file (relative to the backup), its columns and checksum; absent for pg_dump. */
  file: z.string().optional(),
  columns: z.array(z.string()).optional(),
  sha256: z.string().optional(),
});

const sequence = z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() });
const storedFile = z.object({ key: z.string(), size: z.number().int().nonnegative(), sha256: z.string() });
const bucketObject = z.object({
  key: z.string(),
  size: z.number().int().nonnegative(),
  etag: z.string(),
  lastModified: z.string().nullable(),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  app: z.object({ version: z.string(), commit: z.string().nullable() }),
  server: z.object({ version: z.string() }),
  database: z.object({
    /** `pg_dump`: a custom-format archive (`file`); `logical`: the app's own COPY of every table of `public`. */
    method: z.enum(['pg_dump', 'logical']),
    file: z.string().optional(),
    sha256: z.string().optional(),
    tool: z.string().optional(),
  }),
  /** How many committed migrations the database had (drizzle's journal order), and the last one's tag and time. */
  migrations: z.object({ count: z.number().int().nonnegative(), lastTag: z.string().nullable(), lastWhen: z.number() }),
  tables: z.array(table),
  sequences: z.array(sequence),
  /** Jobs queued and not yet done (pg-boss); a logical restore starts with an empty queue (decision 084). */
  pendingJobs: z.record(z.string(), z.number()),
  files: z.discriminatedUnion('storage', [
    z.object({ storage: z.literal('disk'), items: z.array(storedFile), missing: z.array(z.string()) }),
    z.object({
      storage: z.literal('s3'),
      bucket: z.string(),
      copied: z.literal(false),
      objects: z.array(bucketObject),
    }),
  ]),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type TableEntry = z.infer<typeof table>;
export type SequenceEntry = z.infer<typeof sequence>;
export type StoredFileEntry = z.infer<typeof storedFile>;
export type BucketObject = z.infer<typeof bucketObject>;

export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`No hay ${MANIFEST_FILE} en ${dir}: no es un respaldo, o el respaldo no terminó.`);
  }
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new BackupError(`${MANIFEST_FILE} de ${dir} no es válido: ${parsed.error.message}`);
  return parsed.data;
}

/** A refusal or a failed check the operator must read: the CLI prints its message alone, without a stack. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** `"schema"."table"`, for SQL text. */
export const qualified = (schema: string, name: string) =>
  `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;

/**
 * Every file of the backup against the manifest's sha256 (the COPY files or the pg_dump archive, and the stored
 * files), before a restore touches anything: a damaged backup is refused whole, not found out halfway.
 */
export async function checkBackup(dir: string, manifest: Manifest): Promise<void> {
  const expected: { file: string; sha256: string | undefined }[] = [
    ...(manifest.database.file ? [{ file: manifest.database.file, sha256: manifest.database.sha256 }] : []),
    ...manifest.tables.flatMap((table) => (table.file ? [{ file: table.file, sha256: table.sha256 }] : [])),
    ...(manifest.files.storage === 'disk'
      ? manifest.files.items.map((item) => ({ file: `files/${item.key}`, sha256: item.sha256 }))
      : []),
  ];
  for (const { file, sha256 } of expected) {
    const actual = await sha256OfFile(join(dir, ...file.split('/'))).catch(() => 'missing');
    if (actual !== sha256) {
      throw new BackupError(`${file} no coincide con su sha256 del manifiesto: el respaldo está dañado.`);
    }
  }
}
