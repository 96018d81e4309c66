// A small reverse proxy in front of several API copies (docs/deploy.md): round robin per request, WebSocket upgrades
// passed through, X-Forwarded-* added as Caddy adds them. What the two-copies test (apps/api/test/deploy-two-copies)
// and the scale-out bench (bench/scaleout.ts) put between their clients and the API processes; in production Caddy
// plays this part (deploy/Caddyfile). It answers `x-upstream: <index>` so a test can tell which copy served it.
import { Agent, createServer, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type RoundRobinProxy = {
  url: string;
  port: number;
  /** The upstream index the next request (or upgrade) goes to. */
  readonly nextUpstream: number;
  close(): Promise<void>;
};

// Meaningful for one connection only (RFC 9110 §7.6.1): never forwarded in either direction.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

function forwarded(req: IncomingMessage): IncomingHttpHeaders {
  const client = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  return {
    'x-forwarded-for': prior ? `${String(prior)}, ${client}` : client,
    'x-forwarded-proto': 'http',
    'x-forwarded-host': req.headers.host ?? '',
  };
}

/** Starts the proxy on `port` (0: a free one) of 127.0.0.1 in front of `upstreams` (base URLs like http://127.0.0.1:8080). */
export async function startRoundRobinProxy(upstreams: string[], { port = 0 } = {}): Promise<RoundRobinProxy> {
  if (upstreams.length === 0) throw new Error('a proxy needs at least one upstream');
  const targets = upstreams.map((base) => new URL(base));
  // Keep-alive to the copies, as Caddy and nginx do: a new TCP connection per request would measure the proxy.
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const pick = () => {
    const index = next;
    next = (next + 1) % targets.length;
    return index;
  };

  const server = createServer((req, res) => {
    const index = pick();
    const target = targets[index]!;
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...endToEnd(req.headers), ...forwarded(req) },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...endToEnd(answer.headers), 'x-upstream': String(index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', 'x-upstream': String(index) });
      res.end('bad gateway');
    });
    req.pipe(upstream);
  });

  // WebSocket (socket.io): the upgrade request goes to the next copy and the two sockets are then spliced together.
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = targets[pick()]!;
    const upstream = request({
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, ...forwarded(req) },
    });
    upstream.on('upgrade', (answer, socket, upstreamHead) => {
      const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`];
      for (let i = 0; i < answer.rawHeaders.length; i += 2)
        lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      client.write(lines.join('\r\n') + '\r\n\r\n');
      if (upstreamHead.length > 0) client.write(upstreamHead);
      if (head.length > 0) socket.write(head);
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.pipe(client).pipe(socket);
      socket.on('error', () => client.destroy());
      client.on('error', () => socket.destroy());
    });
    // Refused upgrade (a 4xx answer) or an unreachable copy: the client hears it and the socket closes.
    upstream.on('response', (answer) => {
      client.end(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\nconnection: close\r\n\r\n`);
    });
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\n'));
    client.on('error', () => upstream.destroy());
    upstream.end();
  });

  // Open sockets (keep-alive, WebSockets) would hold close() forever.
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    get nextUpstream() {
      return next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
