type Listener = (...args: unknown[]) => void;
type AuthOption = ((send: (data: Record<string, unknown>) => void) => void) | Record<string, unknown> | undefined;

/**
 * Stands in for socket.io-client's socket in DOM tests (test/dom.ts mocks the package), so the shell never opens
 * a real connection and a test can play the server: `serverEmit` delivers an event as the API would.
 */
export class FakeSocket {
  connected = false;
  /** The token each handshake carried, in order. */
  readonly handshakeTokens: (string | undefined)[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(readonly options: { path?: string; transports?: string[]; auth?: AuthOption }) {
    fakeSockets.push(this);
    // socket.io connects on creation, asynchronously.
    queueMicrotask(() => this.connect());
  }

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  connect(): this {
    if (this.connected) return this;
    const auth = this.options.auth;
    let token: string | undefined;
    if (typeof auth === 'function') auth((data) => (token = data.token as string | undefined));
    else token = auth?.token as string | undefined;
    this.handshakeTokens.push(token);
    this.connected = true;
    this.dispatch('connect');
    return this;
  }

  disconnect(): this {
    if (!this.connected) return this;
    this.connected = false;
    this.dispatch('disconnect', 'io client disconnect');
    return this;
  }

  /** What the server would send to this socket. */
  serverEmit(event: string, payload: unknown): void {
    this.dispatch(event, payload);
  }

  private dispatch(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

export const fakeSockets: FakeSocket[] = [];

export function fakeIo(options: ConstructorParameters<typeof FakeSocket>[0]): FakeSocket {
  return new FakeSocket(options);
}

/** The socket the shell opened last (the live one). */
export function liveSocket(): FakeSocket | undefined {
  return fakeSockets.filter((s) => s.connected).at(-1);
}
