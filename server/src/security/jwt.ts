import { createHmac, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Config } from '../config';

/**
 * Session tokens (spec §7): HS256, sub = user id, orig_iat bounds refreshing, imp = impersonator.
 * `gen` is the user's session generation when the token was issued: logout, a new password and
 * deactivation move the user's generation on, and every older token stops working. A session
 * traded for a floor device's credential names that device (`dev`), so it dies with the
 * device's revocation. An impersonation token also keeps the admin's own generation and
 * orig_iat (`imp_gen`, `imp_orig_iat`): leaving it returns to the admin's session as it was,
 * never to a fresh refresh window. `sid` names the sign-in the token descends from (its
 * refreshes, the floor device credential issued with it and the sessions traded for that):
 * logout ends that one sign-in's session and leaves the user's other devices signed in.
 */
export interface SessionClaims {
  userId: number;
  origIat: number;
  impersonatorId: number | null;
  gen: number;
  /** The floor device (its own id, `device_id`) this session was issued on, if any. */
  deviceKey: string | null;
  /** The impersonating admin's session, to return to unchanged. */
  impersonator: { gen: number; origIat: number } | null;
  /** The sign-in this session descends from (null: a token issued before session ids). */
  sid: string | null;
}

/** A new sign-in's session id: 128 random bits. */
export const newSessionId = (): string => randomBytes(16).toString('base64url');

export type VerifyResult = { ok: true; claims: SessionClaims } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * A floor-device credential: the user, their sign-in time, their venue, their session
 * generation and the device it was issued to (signed, so no request body can name another).
 */
export interface DeviceClaims {
  userId: number;
  origIat: number;
  venue: number;
  gen: number;
  deviceKey: string;
  /** The sign-in this credential was issued with: logout there ends it too. */
  sid: string;
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
  const deviceSigningKey = createHmac('sha256', config.jwtSecret).update('paddock floor device credential').digest();
  const now = () => Math.floor(Date.now() / 1000);

  async function sign(claims: SessionClaims): Promise<string> {
    const payload: Record<string, number | string> = { orig_iat: claims.origIat, gen: claims.gen };
    if (claims.impersonatorId !== null) payload.imp = claims.impersonatorId;
    if (claims.impersonator !== null) {
      payload.imp_gen = claims.impersonator.gen;
      payload.imp_orig_iat = claims.impersonator.origIat;
    }
    if (claims.deviceKey !== null) payload.dev = claims.deviceKey;
    if (claims.sid !== null) payload.sid = claims.sid;
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
      const { imp, dev, sid } = payload;
      // Tokens issued before generations existed count as generation 0, every user's first.
      const gen = payload.gen ?? 0;
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof origIat !== 'number')
        return { ok: false, reason: 'invalid' };
      if (!isCount(gen) || (dev !== undefined && typeof dev !== 'string')) return { ok: false, reason: 'invalid' };
      if (sid !== undefined && (typeof sid !== 'string' || sid === '')) return { ok: false, reason: 'invalid' };
      if (typeof payload.exp !== 'number') return { ok: false, reason: 'invalid' };
      let impersonator: SessionClaims['impersonator'] = null;
      if (imp !== undefined) {
        // An impersonation token without the admin's own session would return to a new one.
        const { imp_gen: impGen, imp_orig_iat: impOrigIat } = payload;
        if (typeof imp !== 'number' || !Number.isSafeInteger(imp) || !isCount(impGen) || typeof impOrigIat !== 'number')
          return { ok: false, reason: 'invalid' };
        impersonator = { gen: impGen, origIat: impOrigIat };
      }
      return {
        ok: true,
        claims: {
          userId,
          origIat,
          impersonatorId: imp ?? null,
          gen,
          deviceKey: dev ?? null,
          impersonator,
          sid: sid ?? null,
        },
        exp: payload.exp,
      };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  async function issueDevice(claims: Omit<DeviceClaims, 'origIat'>): Promise<{ token: string; expiresAt: Date }> {
    const iat = now();
    const exp = iat + config.floorDeviceSessionHours * 3600;
    const { userId, venue, gen, deviceKey, sid } = claims;
    const token = await new SignJWT({ orig_iat: iat, venue, gen, dev: deviceKey, sid })
      .setProtectedHeader({ alg: ALGORITHM, typ: DEVICE_TOKEN_TYPE })
      .setSubject(String(userId))
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(deviceSigningKey);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  async function verifyDevice(token: string): Promise<DeviceVerifyResult> {
    try {
      const { payload } = await jwtVerify(token, deviceSigningKey, { algorithms: [ALGORITHM], typ: DEVICE_TOKEN_TYPE });
      const userId = Number(payload.sub);
      const { orig_iat: origIat, venue, gen, dev, sid } = payload;
      if (!Number.isSafeInteger(userId) || userId <= 0) return { ok: false, reason: 'invalid' };
      if (typeof origIat !== 'number' || typeof venue !== 'number' || !Number.isSafeInteger(venue))
        return { ok: false, reason: 'invalid' };
      // A credential that does not name its device could not die with the device's revocation.
      if (!isCount(gen) || typeof dev !== 'string' || dev === '') return { ok: false, reason: 'invalid' };
      // Nor one that names no sign-in: logout there could not end it.
      if (typeof sid !== 'string' || sid === '') return { ok: false, reason: 'invalid' };
      return { ok: true, claims: { userId, origIat, venue, gen, deviceKey: dev, sid } };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  return {
    /** A fresh session for a user (a new sign-in starts a new refresh window), named `sid`. */
    issue: (userId: number, gen: number, sid: string, deviceKey: string | null = null) =>
      sign({ userId, origIat: now(), impersonatorId: null, gen, deviceKey, impersonator: null, sid }),
    /** An admin acting as `userId`: a new window for the impersonation, the admin's own kept. */
    issueImpersonation: (userId: number, gen: number, admin: SessionClaims) =>
      sign({
        userId,
        origIat: now(),
        impersonatorId: admin.userId,
        gen,
        deviceKey: null,
        impersonator: { gen: admin.gen, origIat: admin.origIat },
        // the admin's own sign-in: logging out while acting as someone ends the admin's session
        sid: admin.sid,
      }),
    /** Back from an impersonation to the admin's session, with its original refresh window. */
    issueUnimpersonated: (claims: SessionClaims) =>
      claims.impersonatorId === null || claims.impersonator === null
        ? null
        : sign({
            userId: claims.impersonatorId,
            origIat: claims.impersonator.origIat,
            impersonatorId: null,
            gen: claims.impersonator.gen,
            deviceKey: null,
            impersonator: null,
            sid: claims.sid,
          }),
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
      sign({
        userId: claims.userId,
        origIat: claims.origIat,
        impersonatorId: null,
        gen: claims.gen,
        deviceKey: claims.deviceKey,
        impersonator: null,
        sid: claims.sid,
      }),
  };
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

export type TokenService = ReturnType<typeof createTokenService>;
