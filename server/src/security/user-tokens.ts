import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Django-style account links (`<ts base36>-<hmac>`): the HMAC covers the user id, a purpose and
 * the user's state (password hash and last login for a reset, the confirmation flag for an
 * e-mail confirmation). Changing that state voids the link, so each link works once.
 */
export type UserTokenPurpose = 'password_reset' | 'confirm_email';

export interface UserTokenState {
  id: number;
  state: string;
}

export function createUserTokens(secret: string, ttlSeconds: Record<UserTokenPurpose, number>) {
  const mac = (purpose: UserTokenPurpose, user: UserTokenState, ts: string) =>
    createHmac('sha256', secret)
      .update(`paddock.${purpose}|${user.id}|${user.state}|${ts}`)
      .digest('base64url')
      .slice(0, 32);

  return {
    make(purpose: UserTokenPurpose, user: UserTokenState, nowMs = Date.now()): string {
      const ts = Math.floor(nowMs / 1000).toString(36);
      return `${ts}-${mac(purpose, user, ts)}`;
    },
    check(purpose: UserTokenPurpose, user: UserTokenState, token: string, nowMs = Date.now()): boolean {
      const dash = token.indexOf('-');
      if (dash < 1) return false;
      const ts = token.slice(0, dash);
      const given = token.slice(dash + 1);
      if (!/^[0-9a-z]{1,12}$/.test(ts) || !/^[\w-]{32}$/.test(given)) return false;
      if (!timingSafeEqual(Buffer.from(given), Buffer.from(mac(purpose, user, ts)))) return false;
      const issuedAt = parseInt(ts, 36);
      return Math.floor(nowMs / 1000) - issuedAt <= ttlSeconds[purpose];
    },
  };
}

export type UserTokens = ReturnType<typeof createUserTokens>;

/** uidb64: the user id as base64url, as in the reset link. */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');

export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}
