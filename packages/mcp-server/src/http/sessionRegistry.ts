import { type Refusal, refusal } from '@inference-infra/edge';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface SessionLimits {
  /** The most sessions of the server (`--max-sessions`). */
  maxSessions: number;
  /** The most sessions of one client, by its address (`--max-sessions-per-client`). */
  maxPerClient: number;
  /** How long a session may stay silent, no request in flight, before it is closed (`--session-idle-ms`). */
  idleMs: number;
}

export const defaultSessionLimits: SessionLimits = {
  maxSessions: 100,
  maxPerClient: 10,
  idleMs: 15 * 60 * 1000,
};

interface Session {
  transport: StreamableHTTPServerTransport;
  /** Who the session counts against: the client's address, or with --auth the caller's principal. */
  client: string;
  /** Requests of the session whose answer is still open: a session is never idle during a call. */
  busy: number;
  timer?: ReturnType<typeof setTimeout>;
}

/** A client's address as one name: a dual-stack socket gives `::ffff:127.0.0.1` for `127.0.0.1`. */
export const clientOf = (address: string | undefined) => (address ?? 'unknown').replace(/^::ffff:/i, '');

/**
 * The open sessions, bounded. A new session past a bound is refused, never made by closing another: closing the
 * oldest let anyone who reaches the port end the user's session (and the confirmation it was waiting on) by opening
 * sessions. A session silent for `idleMs` is closed, so sessions no client ends (the SDK's client does not send DELETE
 * on close) free their place; its id then answers 404, as MCP says for a session the server no longer knows.
 */
export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly limits: SessionLimits) {}

  get idleMs(): number {
    return this.limits.idleMs;
  }

  get(id: string): StreamableHTTPServerTransport | undefined {
    return this.sessions.get(id)?.transport;
  }

  /** The client a session counts against: with --auth, the principal it is bound to. */
  clientOf(id: string): string | undefined {
    return this.sessions.get(id)?.client;
  }

  /** Why a new session of this client is refused, or undefined; `shown` names the client without its credential. */
  refusalFor(client: string, shown = client): Refusal | undefined {
    const { maxSessions, maxPerClient, idleMs } = this.limits;
    const free = `end one (DELETE /mcp with its Mcp-Session-Id), or wait until one has been idle for ${idleMs} ms (--session-idle-ms)`;
    const held = [...this.sessions.values()].filter((session) => session.client === client).length;
    if (held >= maxPerClient)
      return refusal(
        429,
        'too_many_sessions_of_client',
        `Session refused: ${shown} holds ${held} sessions, the most one client may hold (--max-sessions-per-client); ${free}`,
        'Mcp-Session-Id',
        { 'retry-after': String(Math.ceil(idleMs / 1000)) },
      );
    if (this.sessions.size >= maxSessions)
      return refusal(
        503,
        'too_many_sessions',
        `Session refused: this server holds ${this.sessions.size} sessions, its most (--max-sessions); ${free}`,
        'Mcp-Session-Id',
        { 'retry-after': String(Math.ceil(idleMs / 1000)) },
      );
    return undefined;
  }

  /** Takes a place for a session about to be initialized, so two initializations at once cannot pass a bound. */
  add(id: string, client: string, transport: StreamableHTTPServerTransport): void {
    this.sessions.set(id, { transport, client, busy: 0 });
  }

  remove(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    clearTimeout(session.timer);
    this.sessions.delete(id);
  }

  /** A request of the session whose answer stays open until `done`: no expiry meanwhile. */
  begin(id: string): () => void {
    const session = this.sessions.get(id);
    if (!session) return () => undefined;
    session.busy += 1;
    clearTimeout(session.timer);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      session.busy -= 1;
      if (session.busy === 0 && this.sessions.get(id) === session) this.idleFrom(id, session);
    };
  }

  /** A request that does not hold the session busy (its standalone event stream) still counts as use. */
  touch(id: string): void {
    const session = this.sessions.get(id);
    if (session && session.busy === 0) this.idleFrom(id, session);
  }

  async closeAll(): Promise<void> {
    const all = [...this.sessions.values()];
    for (const session of all) clearTimeout(session.timer);
    this.sessions.clear();
    await Promise.all(all.map((session) => session.transport.close().catch(() => undefined)));
  }

  private idleFrom(id: string, session: Session): void {
    clearTimeout(session.timer);
    session.timer = setTimeout(() => {
      this.remove(id);
      void session.transport.close().catch(() => undefined);
    }, this.limits.idleMs);
    // A process with only idle sessions left may end (a test's, a host stopping the server).
    session.timer.unref?.();
  }
}
