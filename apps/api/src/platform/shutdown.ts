import net from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Logger } from './deps';

// Graceful shutdown (issue 30 item 3, decision 085): on SIGTERM a copy stops taking work and finishes what it has,
// so a deploy or a scale-down loses no request and answers none 5xx.

export type Drain = {
  /** True once the process is stopping: readiness answers 503 and every answer closes its connection. */
  readonly draining: boolean;
  /** Requests this process is answering now. */
  readonly inFlight: number;
  /**
   * Stops taking connections, tells the other parts to let go (`onDrain`: sockets closed, jobs stopped) and waits
   * for the requests in flight, at most `graceMs`; the connections still busy then are cut. Resolves with how many
   * requests were cut (0 when everything finished). Once only: a second call gets the first's answer.
   */
  begin(): Promise<{ cut: number }>;
};

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

/**
 * Two turns of the event loop. Closing a TCP listener resets the connections the kernel has completed but the process
 * has not accepted yet, and a client that connected an instant before the drain (a pool opening one more link) would
 * see its request reset rather than refused or answered. The second turn's poll does not wait (an immediate is
 * queued) and accepts every such connection.
 */
async function acceptBacklog(): Promise<void> {
  await nextTurn();
  await nextTurn();
}

/** How long no request must be in flight before the idle connections left are closed. */
const QUIET_MS = 500;

export type DrainOptions = {
  graceMs: number;
  log: Logger;
  /** Run as the drain begins, side by side with the wait (each bounded by the same grace). */
  onDrain: (() => void | Promise<void>)[];
};

/**
 * Counts the requests in flight and decorates `app.drain`. A request is in flight from its arrival until its
 * connection has sent the answer or gone (the raw response's `close`, which an aborted request also fires).
 */
export function registerDrain(app: FastifyInstance, { graceMs, log, onDrain }: DrainOptions): Drain {
  let draining = false;
  // Set once the listener is closed: from then on every answer ends its connection.
  let closing = false;
  let inFlight = 0;
  let begun: Promise<{ cut: number }> | undefined;
  // The drain's one waiter, woken whenever a request arrives or ends.
  let wake: (() => void) | undefined;
  const changed = () => {
    const waiter = wake;
    wake = undefined;
    waiter?.();
  };
  const nextChange = () => new Promise<void>((resolve) => (wake = resolve));

  app.addHook('onRequest', async (_request, reply) => {
    inFlight++;
    changed();
    reply.raw.once('close', () => {
      inFlight--;
      changed();
    });
  });
  app.addHook('onSend', async (_request, reply) => {
    // A keep-alive client must not send its next request on a connection about to end: this answer ends it, and
    // the client's next request opens a new connection — refused here, taken by another copy. At send time, so a
    // request that arrived before the drain began gets it too. Not before the listener is closed: a client told to
    // reconnect then would land in the backlog the close resets.
    if (closing) reply.header('connection', 'close');
  });

  /**
   * Resolves once no request has been in flight for QUIET_MS. Not at the first instant with none: a keep-alive
   * client may be writing its next request on an idle connection right then, and closing it would reset that request.
   */
  async function quiet(): Promise<void> {
    for (;;) {
      while (inFlight > 0) await nextChange();
      let timer: NodeJS.Timeout | undefined;
      const calm = await Promise.race([
        nextChange().then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), QUIET_MS))),
      ]);
      clearTimeout(timer);
      if (calm && inFlight === 0) return;
    }
  }

  async function run(): Promise<{ cut: number }> {
    draining = true;
    const server = app.server;
    await acceptBacklog();
    // net.Server's close, not http.Server's: the latter also closes every idle keep-alive connection at once, and a
    // client whose request is already on its way on one of them would see a reset instead of an answer. Here new
    // connections are refused (ECONNREFUSED: the client or balancer goes elsewhere) and the open ones live on until
    // they carry one more answer (with `Connection: close`) or the grace ends.
    if (server.listening) net.Server.prototype.close.call(server);
    closing = true;
    log.info({ inFlight, graceMs }, 'shutdown: draining');
    const parts = Promise.allSettled(onDrain.map(async (part) => part()));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), graceMs);
    });
    const outcome = await Promise.race([quiet().then(() => 'quiet' as const), timedOut]);
    const cut = outcome === 'timeout' ? inFlight : 0;
    if (cut > 0) {
      log.warn({ cut, graceMs }, 'shutdown: requests still running at the end of the grace; cutting them');
      server.closeAllConnections();
    }
    await Promise.race([parts, timedOut]);
    clearTimeout(timer);
    // Keep-alive connections that stayed idle the whole time: nothing is on its way on them by now.
    server.closeIdleConnections();
    log.info({ cut }, 'shutdown: drained');
    return { cut };
  }

  const drain: Drain = {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    begin: () => (begun ??= run()),
  };
  app.decorate('drain', drain);
  return drain;
}

export type StopStep = { name: string; run: () => Promise<unknown> };

/**
 * The process's stop, step by step (server.ts): each step runs even when one before failed (a pool that will not
 * close must not keep PostgreSQL running), failures are logged, and the answer says whether all went well.
 */
export async function stopInOrder(steps: StopStep[], log: Pick<Logger, 'error'>): Promise<boolean> {
  let clean = true;
  for (const step of steps) {
    try {
      await step.run();
    } catch (error) {
      clean = false;
      log.error({ err: { message: (error as Error)?.message ?? String(error) }, step: step.name }, 'shutdown: failed');
    }
  }
  return clean;
}
