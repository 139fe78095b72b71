import type { DocumentNode, GraphQLError, GraphQLSchema, ValidationRule } from 'graphql';
import { graphql } from './graphql-runtime';
import type { LiveUpdate } from '@shared/schemas/livescore';

const { execute, getOperationAST, GraphQLError: GraphQLErrorClass, Kind, parse, specifiedRules, validate } = graphql;
import type { RequestUser } from '../../types';

/*
 * The subscription side of /api/graphql: the graphql-transport-ws protocol (what
 * the graphql-ws client speaks) over the route's websocket, for the one subscription the schema
 * has, `liveUpdates(venueId)`.
 *
 * Fan-out is the point: a change is read once (the caller computes the LiveUpdate), then each
 * distinct subscription document is executed once against it and serialized once; each socket
 * gets that text with its own id. No database read and no GraphQL execution per client.
 */

/** What this module uses of a `ws` socket (@fastify/websocket hands one per connection). */
export interface LiveSocket {
  readonly protocol: string;
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'message', listener: (data: Buffer) => void): unknown;
}

/** Close codes of the protocol. */
const CLOSE = {
  badRequest: 4400,
  unauthorized: 4401,
  initTimeout: 4408,
  duplicateId: 4409,
  tooManyInits: 4429,
} as const;

const INIT_TIMEOUT_MS = 10_000;
/**
 * Subscriptions one socket may hold (a page needs one), counted from when a subscribe message
 * arrives, not when it is established: a dozen sent at once must not all pass while the first is
 * still being checked.
 */
export const MAX_SUBSCRIPTIONS = 10;
/** A socket this far behind (bytes queued) is dropped rather than fed. */
const MAX_BUFFERED = 1 << 20;
const MAX_QUERY_CHARS = 8_000;
const DOCUMENT_CACHE = 200;

interface Subscription {
  socket: LiveSocket;
  id: string;
  venueId: number;
  /** The venue's show office (or an admin): sees unpublished results. */
  office: boolean;
  /** Same text, variables and operation: the same answer to the same update. */
  key: string;
  document: DocumentNode;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}

interface Message {
  type?: unknown;
  id?: unknown;
  payload?: { query?: unknown; variables?: unknown; operationName?: unknown; authorization?: unknown } | null;
}

export interface LiveSocketOptions {
  schema: () => GraphQLSchema;
  rules: ValidationRule[];
  /** The viewer of connection_init's `authorization` (`Bearer …`); null: the public. */
  viewerOf: (authorization: unknown) => Promise<RequestUser | null>;
  /** Fails (not_found) for an unknown venue. */
  knownVenue: (venueId: number) => Promise<unknown>;
  isOffice: (viewer: RequestUser | null, venueId: number) => boolean;
  log: { warn: (obj: object, msg: string) => void };
  /**
   * Open sockets per client address (LIVE_SOCKETS_PER_ADDRESS): a page needs one, but the
   * spectators on a show ground's wifi all come from its one public address, so the bound is a
   * crowd's, not a person's; beyond it, one client would hold the server's memory and fan-out
   * for everybody else. (Behind a proxy the address is the one it forwards, see TRUST_PROXY.)
   */
  maxPerAddress: number;
}

export function createLiveSockets(options: LiveSocketOptions) {
  const byVenue = new Map<number, Set<Subscription>>();
  const perClient = new Map<string, number>();
  /** Every socket open, subscribed or not: told to reconnect when the server stops. */
  const all = new Set<LiveSocket>();
  const documents = new Map<string, { document: DocumentNode } | { errors: readonly GraphQLError[] }>();

  function compile(query: string) {
    const known = documents.get(query);
    if (known) return known;
    let compiled: { document: DocumentNode } | { errors: readonly GraphQLError[] };
    try {
      const document = parse(query);
      const errors = validate(options.schema(), document, [...specifiedRules, ...options.rules]);
      compiled = errors.length ? { errors } : { document };
    } catch (err) {
      compiled = { errors: [err instanceof GraphQLErrorClass ? err : new GraphQLErrorClass(String(err))] };
    }
    if (documents.size >= DOCUMENT_CACHE) documents.delete(documents.keys().next().value!);
    documents.set(query, compiled);
    return compiled;
  }

  /** The venue the subscription asks for: `liveUpdates(venueId: …)` as a literal or a variable. */
  function venueOf(document: DocumentNode, operationName: string | undefined, variables: Record<string, unknown>) {
    const operation = getOperationAST(document, operationName);
    if (!operation || operation.operation !== 'subscription') return null;
    const fields = operation.selectionSet.selections;
    const field = fields[0];
    if (fields.length !== 1 || field?.kind !== Kind.FIELD || field.name.value !== 'liveUpdates') return null;
    const arg = field.arguments?.find((a) => a.name.value === 'venueId')?.value;
    const value =
      arg?.kind === Kind.INT ? Number(arg.value) : arg?.kind === Kind.VARIABLE ? variables[arg.name.value] : undefined;
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
  }

  function remove(sub: Subscription) {
    const set = byVenue.get(sub.venueId);
    set?.delete(sub);
    if (set?.size === 0) byVenue.delete(sub.venueId);
  }

  /** One websocket of /api/graphql from the client at `address`, from its upgrade to its close. */
  function handle(socket: LiveSocket, address: string): void {
    if (socket.protocol !== 'graphql-transport-ws') {
      socket.close(1002, 'Use the graphql-transport-ws subprotocol');
      return;
    }
    const open = perClient.get(address) ?? 0;
    if (open >= options.maxPerAddress) {
      // 1013 Try Again Later (RFC 6455 registry): the client has as many sockets as it may.
      socket.close(1013, 'Too many connections from this client');
      return;
    }
    perClient.set(address, open + 1);
    all.add(socket);
    let viewer: RequestUser | null = null;
    let state: 'new' | 'initializing' | 'ready' = 'new';
    const subs = new Map<string, Subscription>();
    /** Subscribe messages being checked (ids), counted against MAX_SUBSCRIPTIONS. */
    const pending = new Set<string>();
    const send = (message: object) => socket.send(JSON.stringify(message));
    const timer = setTimeout(() => {
      if (state !== 'ready') socket.close(CLOSE.initTimeout, 'Connection initialisation timeout');
    }, INIT_TIMEOUT_MS);

    socket.on('close', () => {
      all.delete(socket);
      clearTimeout(timer);
      const left = (perClient.get(address) ?? 1) - 1;
      if (left > 0) perClient.set(address, left);
      else perClient.delete(address);
      for (const sub of subs.values()) remove(sub);
      subs.clear();
    });

    socket.on('message', (raw: Buffer) => {
      void (async () => {
        let message: Message;
        try {
          message = JSON.parse(String(raw)) as Message;
        } catch {
          return socket.close(CLOSE.badRequest, 'Invalid message');
        }
        switch (message.type) {
          case 'connection_init': {
            if (state !== 'new') return socket.close(CLOSE.tooManyInits, 'Too many initialisation requests');
            state = 'initializing';
            viewer = await options.viewerOf(message.payload?.authorization).catch(() => null);
            state = 'ready';
            return send({ type: 'connection_ack' });
          }
          case 'ping':
            return send({ type: 'pong' });
          case 'pong':
            return;
          case 'complete': {
            const sub = typeof message.id === 'string' ? subs.get(message.id) : undefined;
            if (sub) {
              subs.delete(sub.id);
              remove(sub);
            }
            return;
          }
          case 'subscribe':
            break;
          default:
            return socket.close(CLOSE.badRequest, 'Unknown message type');
        }
        if (state !== 'ready') return socket.close(CLOSE.unauthorized, 'Unauthorized');
        const id = message.id;
        const query = message.payload?.query;
        if (typeof id !== 'string' || !id || typeof query !== 'string') {
          return socket.close(CLOSE.badRequest, 'Invalid subscribe message');
        }
        if (subs.has(id) || pending.has(id))
          return socket.close(CLOSE.duplicateId, `Subscriber for ${id} already exists`);
        const fail = (errors: readonly { message: string; extensions?: object }[]) =>
          send({ id, type: 'error', payload: errors.map((e) => ({ message: e.message, extensions: e.extensions })) });
        if (query.length > MAX_QUERY_CHARS) return fail([{ message: 'The query is too long.' }]);
        if (subs.size + pending.size >= MAX_SUBSCRIPTIONS)
          return fail([{ message: 'Too many subscriptions on one connection.' }]);
        pending.add(id);
        try {
          await establish(id, query, message, fail);
        } finally {
          pending.delete(id);
        }
      })().catch((err: unknown) => options.log.warn({ err }, 'live socket message failed'));
    });

    /** Checks a subscribe message and adds its subscription (the caller counts it meanwhile). */
    async function establish(
      id: string,
      query: string,
      message: Message,
      fail: (errors: readonly { message: string; extensions?: object }[]) => void,
    ): Promise<void> {
      const compiled = compile(query);
      if ('errors' in compiled) return fail(compiled.errors);
      const variables =
        message.payload?.variables && typeof message.payload.variables === 'object'
          ? (message.payload.variables as Record<string, unknown>)
          : {};
      const operationName =
        typeof message.payload?.operationName === 'string' ? message.payload.operationName : undefined;
      const venueId = venueOf(compiled.document, operationName, variables);
      if (venueId === null) {
        return fail([
          { message: 'Subscribe to liveUpdates(venueId: Int!) alone.', extensions: { code: 'validation' } },
        ]);
      }
      try {
        await options.knownVenue(venueId);
      } catch {
        return fail([{ message: 'Not found.', extensions: { code: 'not_found' } }]);
      }
      if (socket.readyState !== 1) return;
      const sub: Subscription = {
        socket,
        id,
        venueId,
        office: options.isOffice(viewer, venueId),
        key: `${operationName ?? ''}\u0000${JSON.stringify(variables)}\u0000${query}`,
        document: compiled.document,
        variables,
        operationName,
      };
      subs.set(id, sub);
      let set = byVenue.get(venueId);
      if (!set) byVenue.set(venueId, (set = new Set()));
      set.add(sub);
    }
  }

  /**
   * Hands one update to every subscriber of its venue allowed to see it: a result of an unpublished
   * competition only to the venue's office. Each distinct document is executed and serialized once.
   */
  async function broadcast(update: LiveUpdate): Promise<number> {
    const set = byVenue.get(update.venueId);
    if (!set?.size) return 0;
    const heldBack = update.kind === 'result' && !update.published;
    const payloads = new Map<string, string>();
    let sent = 0;
    for (const sub of set) {
      if (heldBack && !sub.office) continue;
      if (sub.socket.readyState !== 1) continue;
      if (sub.socket.bufferedAmount > MAX_BUFFERED) {
        sub.socket.terminate();
        continue;
      }
      let payload = payloads.get(sub.key);
      if (payload === undefined) {
        const result = await execute({
          schema: options.schema(),
          document: sub.document,
          rootValue: { liveUpdates: update },
          variableValues: sub.variables,
          operationName: sub.operationName,
        });
        payload = JSON.stringify(result);
        payloads.set(sub.key, payload);
      }
      sub.socket.send(`{"id":${JSON.stringify(sub.id)},"type":"next","payload":${payload}}`);
      sent++;
    }
    return sent;
  }

  return {
    handle,
    broadcast,
    /** Subscriptions held, per venue. */
    count: (venueId: number) => byVenue.get(venueId)?.size ?? 0,
    /** Subscriptions held, of every venue (the metrics). */
    held: () => [...byVenue.values()].reduce((sum, set) => sum + set.size, 0),
    /** Sockets open, whatever their subscriptions (the metrics). */
    open: () => all.size,
    close() {
      // 1012 Service Restart (RFC 6455 registry): the client reconnects, through the balancer to
      // another process while this one stops.
      for (const socket of all) socket.close(1012, 'Service restart: reconnect');
      all.clear();
      byVenue.clear();
    },
  };
}
