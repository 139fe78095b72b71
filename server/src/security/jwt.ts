import { createHmac } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Config } from '../config';

/** Session tokens (spec §7): HS256, sub = user id, orig_iat bounds refreshing, imp = impersonator. */
export interface SessionClaims {
  userId: number;
  origIat: number;
  impersonatorId: number | null;
}

export type VerifyResult = { ok: true; claims: SessionClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** A floor-device credential (issue 11 §2): the user, their sign-in time and their venue. */
export interface DeviceClaims {
  userId: number;
  origIat: number;
  venue: number;
}

export type DeviceVerifyResult = { ok: true; claims: DeviceClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** The device credential's JWT type: a session check never accepts it, nor the other way round. */
export const DEVICE_TOKEN_TYPE = 'device+jwt';

const ALGORITHM = 'HS256';
/** Verified tokens remembered (until they expire): a client sends the same token many times. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(
  config: Pick<Config, 'jwtSecret' | 'jwtTtlSeconds' | 'jwtRefreshMaxSeconds' | 'floorDeviceSessionHours'>,
) {
  const key = new TextEncoder().encode(config.jwtSecret);
  // Device credentials are signed with a key of their own: a session check fails on them.
  const deviceKey = createHmac('sha256', config.jwtSecret).update('paddock floor device credential').digest();
  const now = () => Math.floor(Date.now() / 1000);

  async function sign(claims: SessionClaims): Promise<string> {
    const payload: Record<string, number> = { orig_iat: claims.origIat };
    if (claims.impersonatorId !== null) payload.imp = claims.impersonatorId;
    const iat = now();
    return new SignJWT(payload)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + config.jwtTtlSeconds)
      .sign(key);
  }

  /**
   * A token's signature is checked once; until it expires, the same token string maps to the
   * same claims (tokens cannot change), which spares every later request the HMAC.
   */
  const verified = new Map<string, { claims: SessionClaims; exp: number }>();

  async function verify(token: string): Promise<VerifyResult> {
    const known = verified.get(token);
    if (known) {
      if (known.exp > now()) return { ok: true, claims: known.claims };
      verified.delete(token);
    }
    const result = await verifySignature(token);
    if (result.ok) remember(token, result.claims, result.exp);
    return result.ok ? { ok: true, claims: result.claims } : result;
  }

  function remember(token: string, claims: SessionClaims, exp: number): void {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, exp });
  }

  async function verifySignature(
    token: string,
  ): Promise<{ ok: true; claims: SessionClaims; exp: number } | { ok: false; reason: 'invalid' | 'expired' }> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
      const userId = Number(payload.sub);
      const origIat = payload.orig_iat;
      const imp = payload.imp;
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof origIat !== 'number')
        return { ok: false, reason: 'invalid' };
      if (imp !== undefined && (typeof imp !== 'number' || !Number.isSafeInteger(imp)))
        return { ok: false, reason: 'invalid' };
      if (typeof payload.exp !== 'number') return { ok: false, reason: 'invalid' };
      return { ok: true, claims: { userId, origIat, impersonatorId: imp ?? null }, exp: payload.exp };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  async function issueDevice(userId: number, venue: number): Promise<{ token: string; expiresAt: Date }> {
    const iat = now();
    const exp = iat + config.floorDeviceSessionHours * 3600;
    const token = await new SignJWT({ orig_iat: iat, venue })
      .setProtectedHeader({ alg: ALGORITHM, typ: DEVICE_TOKEN_TYPE })
      .setSubject(String(userId))
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(deviceKey);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  async function verifyDevice(token: string): Promise<DeviceVerifyResult> {
    try {
      const { payload } = await jwtVerify(token, deviceKey, { algorithms: [ALGORITHM], typ: DEVICE_TOKEN_TYPE });
      const userId = Number(payload.sub);
      const { orig_iat: origIat, venue } = payload;
      if (!Number.isSafeInteger(userId) || userId <= 0) return { ok: false, reason: 'invalid' };
      if (typeof origIat !== 'number' || typeof venue !== 'number' || !Number.isSafeInteger(venue))
        return { ok: false, reason: 'invalid' };
      return { ok: true, claims: { userId, origIat, venue } };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  return {
    /** A fresh session for a user (a new sign-in starts a new refresh window). */
    issue: (userId: number, impersonatorId: number | null = null) => sign({ userId, origIat: now(), impersonatorId }),
    verify,
    /** The same session with a new expiry, while orig_iat + JWT_REFRESH_MAX_SECONDS is ahead. */
    canRefresh: (claims: SessionClaims) => claims.origIat + config.jwtRefreshMaxSeconds > now(),
    refresh: (claims: SessionClaims) => sign(claims),
    /** A floor-device credential, FLOOR_DEVICE_SESSION_HOURS long. */
    issueDevice,
    verifyDevice,
    /**
     * The session a device credential is exchanged for: it keeps the sign-in's orig_iat, so
     * that it can be refreshed no longer than the signed-in session could have been.
     */
    issueFromDevice: (claims: DeviceClaims) =>
      sign({ userId: claims.userId, origIat: claims.origIat, impersonatorId: null }),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
