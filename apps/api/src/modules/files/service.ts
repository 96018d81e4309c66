import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { AppErrorCode } from '@planpiso/domain';
import type { Executor, Tx } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { makeStorageKey, StorageNotFoundError } from '../../platform/storage/storage';
import { transaction } from '../../platform/transaction';
import type { ReceivedFile } from '../../platform/uploads';
import { accountScopeOf } from '../organisation-lookups';
import { provisionScopeOf } from '../provisions';
import { provisionScopeWhere } from '../provisions';
import { refinancingScopeOf, visibleRefinancingStatuses } from '../refinancings';
import { refinancingScopeWhere } from '../refinancings';
import { createLinkSigner } from './signed-links';
import * as repo from './repository';

export type FilesService = ReturnType<typeof createFilesService>;

/** A file written to storage but not yet recorded: `record` it inside the business transaction, or `abandon` it. */
export type StoredFile = { key: string; file: ReceivedFile; uploadedBy: number };

export type Download = { stream: Readable; name: string; contentType: string; size: number };

/**
 * Files (issue 13, decision 018): storing an upload under a server-made key, recording it, and serving it only to
 * callers whose scope reaches its owner, or through a short-lived signed link.
 */
export function createFilesService({
  db,
  storage,
  clock,
  config,
  log,
}: Pick<AppDeps, 'db' | 'storage' | 'clock' | 'config' | 'log'>) {
  const links = createLinkSigner(config.jwtSecret, clock);

  async function open(row: repo.FileRow): Promise<Download> {
    try {
      const stream = await storage.get(row.key);
      return { stream, name: row.originalName, contentType: row.contentType, size: row.size };
    } catch (error) {
      if (error instanceof StorageNotFoundError) {
        // The row says it exists but the bytes are gone: an operations problem, not the caller's.
        log.error({ fileId: row.id, key: row.key }, 'files: stored object missing');
        throw notFound();
      }
      throw error;
    }
  }

  /** The file when the caller's scope reaches what owns it (decision 018), else 404. */
  async function fileInScope(actor: AuthUser, id: number) {
    const row = await repo.findFileInScope(
      db,
      accountScopeOf(actor),
      {
        provision: provisionScopeWhere(provisionScopeOf(actor)),
        refinancing: refinancingScopeWhere(refinancingScopeOf(actor), visibleRefinancingStatuses(actor)),
      },
      actor.id,
      id,
    );
    if (!row) throw notFound();
    return row;
  }

  /**
   * Writes an accepted upload to storage under a new key, BEFORE the transaction that records it (a slow upload
   * holds no locks); the caller records it with `record` and calls `abandon` if its transaction fails.
   */
  async function store(file: ReceivedFile, area: string, uploadedBy: number): Promise<StoredFile> {
    const key = makeStorageKey(area, clock.now());
    await storage.put(key, createReadStream(file.tempPath), { contentType: file.contentType, size: file.size });
    return { key, file, uploadedBy };
  }

  /** Deletes the bytes of an upload whose record was never committed (no orphan left behind). */
  async function abandon(stored: StoredFile): Promise<void> {
    try {
      await storage.delete(stored.key);
    } catch (error) {
      log.error({ err: error, key: stored.key }, 'files: could not delete an abandoned upload');
    }
  }

  /**
   * The upload sequence every evidence, document and photo follows: the bytes stored first (outside any transaction),
   * then `write` in one transaction, which records the file (`record`) with the rows that name it; when the
   * transaction fails the bytes are deleted and the error goes on. Without a file (an optional one), just `write`.
   */
  async function withUpload<T>(
    file: ReceivedFile,
    area: string,
    uploadedBy: number,
    write: (tx: Tx, stored: StoredFile) => Promise<T>,
  ): Promise<T>;
  async function withUpload<T>(
    file: ReceivedFile | null | undefined,
    area: string,
    uploadedBy: number,
    write: (tx: Tx, stored: StoredFile | null) => Promise<T>,
  ): Promise<T>;
  async function withUpload<T>(
    file: ReceivedFile | null | undefined,
    area: string,
    uploadedBy: number,
    write: (tx: Tx, stored: StoredFile) => Promise<T>,
  ): Promise<T> {
    const stored = file ? await store(file, area, uploadedBy) : null;
    try {
      return await transaction(db, (tx) => write(tx, stored!));
    } catch (error) {
      if (stored) await abandon(stored);
      throw error;
    }
  }

  return {
    /** The bytes of a file the caller's own module already found in scope (a refinancing's evidence). */
    open,
    store,
    withUpload,

    /** The `files` row of a stored upload, in the caller's transaction. */
    async record(tx: Executor, stored: StoredFile): Promise<repo.FileRow> {
      return repo.insertFile(tx, {
        key: stored.key,
        originalName: stored.file.originalName,
        contentType: stored.file.contentType,
        size: stored.file.size,
        sha256: stored.file.sha256,
        uploadedBy: stored.uploadedBy,
        createdAt: clock.now(),
      });
    },

    abandon,

    async download(actor: AuthUser, id: number): Promise<Download> {
      const row = await fileInScope(actor, id);
      return open(row);
    },

    async link(actor: AuthUser, id: number) {
      const row = await fileInScope(actor, id);
      return links.sign(row.id);
    },

    /** A signed link's download: refused (403) when the signature is wrong or the link expired. */
    async downloadSigned(id: number, expires: number, sig: string): Promise<Download> {
      if (!links.verify(id, expires, sig)) throw new AppError(AppErrorCode.FILE_LINK_INVALID);
      const row = await repo.findFile(db, id);
      if (!row) throw notFound();
      return open(row);
    },
  };
}
