import { createClient, type Client } from 'graphql-ws';
import { useAppStore } from '@/lib/store';

/*
 * The live pages' GraphQL transport: queries by POST to /api/graphql, the
 * subscription over the same path's websocket (graphql-transport-ws). Only the live pages import
 * this module, so graphql-ws stays in their lazy chunk. `auth`: send the session's token (the
 * admin's livescore page); the public live page asks as the public, whoever is signed in.
 */

export const GRAPHQL_PATH = '/api/graphql';

export interface GraphQLErrorItem {
  message: string;
  extensions?: { code?: string };
}

export class LiveRequestError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly status: number,
  ) {
    super(message);
    this.name = 'LiveRequestError';
  }
}

const bearer = (auth: boolean) => {
  const token = auth ? useAppStore.getState().token : null;
  return token ? `Bearer ${token}` : null;
};

/** One GraphQL operation over HTTP; a GraphQL error or a failed request rejects. */
export async function graphqlRequest<T>(
  query: string,
  variables: Record<string, unknown>,
  { auth }: { auth: boolean },
): Promise<T> {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'application/json' });
  const authorization = bearer(auth);
  if (authorization) headers.set('Authorization', authorization);
  const response = await fetch(GRAPHQL_PATH, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const body = (await response.json().catch(() => ({}))) as { data?: T; errors?: GraphQLErrorItem[] };
  const error = body.errors?.[0];
  if (error || !body.data) {
    throw new LiveRequestError(error?.message ?? response.statusText, error?.extensions?.code ?? null, response.status);
  }
  return body.data;
}

/** The websocket URL of the same origin (ws: or wss: as the page). */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${GRAPHQL_PATH}`;
}

/**
 * A graphql-ws client that retries for ever (a show's Wi-Fi comes and goes), the token read at
 * each connection.
 */
export function createLiveSocket({ auth, url = socketUrl() }: { auth: boolean; url?: string }): Client {
  return createClient({
    url,
    lazy: false,
    keepAlive: 20_000,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: async (retries) => {
      const ms = Math.min(1000 * 2 ** retries, 15_000) * (0.5 + Math.random() / 2);
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
    connectionParams: () => {
      const authorization = bearer(auth);
      return authorization ? { authorization } : {};
    },
  });
}
