import { bigserial, customType, pgTable, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Used by @socket.io/postgres-adapter (platform/realtime.ts) for events too large for NOTIFY's 8000-byte payload
 * or carrying binary data; the adapter itself deletes rows older than its cleanup interval. The shape is the
 * one its README creates by hand; here the migration owns it.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});
