import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildTestApp, closeTestDb, type TestApp } from '../harness';
import { startChildApi, stopChildApi, type ChildApi } from './child-api';

/**
 * Two API processes on one PostgreSQL (ARCHITECTURE §1) with real socket.io clients: A is the test file's own app,
 * listening on a free port; B is `src/server.ts` in a child process, as production runs it. Used by the live
 * notifications across processes and by the sessions that end on every socket (decision 065).
 */

/** Settles with `promise`, or fails after `ms` (a bound on a hang, not a speed target). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Resolves once `socket` is connected, rejects on its connect error; a connection that hangs fails after 30 s. */
export function socketConnected(socket: Socket, what = 'socket connection'): Promise<void> {
  return within(
    new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    }),
    30_000,
    what,
  );
}

export type SocketOptions = { token?: string; origin?: string; transport?: 'websocket' | 'polling' };

/** A connected socket, with every event it hears recorded and the reason it ends. */
export type ConnectedSocket = {
  socket: Socket;
  heard: { event: string; payload: unknown }[];
  ended: Promise<string>;
};

export type TwoApis = {
  readonly a: TestApp;
  readonly portA: number;
  readonly b: ChildApi;
  /** Every socket the file opens; all are closed after the file. */
  readonly sockets: Socket[];
  /** A socket to `port` (no reconnection: a cut socket stays cut). */
  socketTo(port: number, options: SocketOptions): Socket;
  connected(port: number, options: SocketOptions): Promise<ConnectedSocket>;
};

/** Starts A and B before the file's tests and stops the sockets, B, A and the test database after them. */
export function twoApis(): TwoApis {
  let a: TestApp | undefined;
  let portA = 0;
  let b: ChildApi | undefined;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    a = await buildTestApp();
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const address = a.app.server.address();
    portA = typeof address === 'object' && address ? address.port : 0;
    b = await startChildApi(inject('databaseUrl'));
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    if (b) await stopChildApi(b);
    await a?.close();
    await closeTestDb();
  }, 60_000);

  function socketTo(port: number, { token, origin, transport = 'websocket' }: SocketOptions): Socket {
    const socket = io(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      auth: token === undefined ? {} : { token },
      transports: [transport],
      reconnection: false,
      timeout: 20_000,
      ...(origin ? { extraHeaders: { origin } } : {}),
    });
    sockets.push(socket);
    return socket;
  }

  async function connected(port: number, options: SocketOptions): Promise<ConnectedSocket> {
    const socket = socketTo(port, options);
    const heard: ConnectedSocket['heard'] = [];
    socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
    const ended = new Promise<string>((resolveEnd) => socket.once('disconnect', resolveEnd));
    await socketConnected(socket);
    return { socket, heard, ended };
  }

  return {
    get a() {
      return a!;
    },
    get portA() {
      return portA;
    },
    get b() {
      return b!;
    },
    sockets,
    socketTo,
    connected,
  };
}
