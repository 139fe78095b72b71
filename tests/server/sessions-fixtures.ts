import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '@shared/constants';
import { users } from '../../server/src/db/schema';
import type { TestServer } from './helpers/server';

export interface SignIn {
  token: string;
  device_token?: string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The calls the session tests make on a file's test server: sign in, log out, a user's id. */
export function sessionCalls(server: () => TestServer) {
  const app = () => server().app;
  return {
    /** A password sign-in on a tablet (the app sends the tablet's own id). */
    async signIn(username: string, deviceId = randomUUID(), password = DEMO_PASSWORD): Promise<SignIn> {
      const res = await app().inject({
        method: 'POST',
        url: '/api/token/auth/',
        payload: { username, password, device_id: deviceId },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SignIn>();
    },
    logout: (token: string) => app().inject({ url: '/api/auth/user/logout/', headers: bearer(token) }),
    async userId(username: string): Promise<number> {
      const [row] = await server().database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
      return row!.id;
    },
  };
}
