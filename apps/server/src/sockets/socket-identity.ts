import { localeFromAcceptLanguage, SocketAuth, translateMessage, type Locale } from '@sfm/protocol';
import type { Socket } from 'socket.io';
import { AppError } from '../app-error.ts';
import type { DeviceIdentity, IdentityResolver, UserIdentity } from '../http/identity.ts';

export type SocketIdentity = UserIdentity | DeviceIdentity;

export interface SocketContext {
  identity: SocketIdentity;
  locale: Locale;
}

/** The rate-limit key of an identity. */
export const identityKey = (identity: SocketIdentity): string =>
  identity.kind === 'user' ? `user:${identity.userId}` : `device:${identity.deviceId}`;

/**
 * socket.io middleware: the handshake's auth `{token, deviceId, userType}` (spec §6) resolved like
 * the HTTP identity headers; a refusal is a connect error whose message is the catalogue's text
 * and whose data carries the error name.
 */
export function socketAuthMiddleware(identities: IdentityResolver) {
  return async (socket: Socket, next: (err?: Error) => void): Promise<void> => {
    const locale = localeFromAcceptLanguage(socket.handshake.headers['accept-language']);
    try {
      const parsed = SocketAuth.safeParse(socket.handshake.auth ?? {});
      const auth = parsed.success ? parsed.data : {};
      const headers = {
        ...(auth.token && { token: auth.token }),
        ...(auth.deviceId && { deviceid: auth.deviceId }),
      };
      const identity = await identities.resolve('identity', headers);
      const context: SocketContext = { identity, locale };
      socket.data = context;
      next();
    } catch (err) {
      const key = err instanceof AppError ? err.key : 'errors.internal';
      const refusal = new Error(translateMessage(key, locale)) as Error & { data?: unknown };
      refusal.data = { error: key.replace(/^errors\./, '') };
      next(refusal);
    }
  };
}

export const contextOf = (socket: Socket): SocketContext => socket.data as SocketContext;
