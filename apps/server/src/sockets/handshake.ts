import type { IncomingMessage } from 'node:http';
import { localeFromAcceptLanguage, SocketAuth, translateMessage, type Locale } from '@sfm/protocol';
import type { Socket } from 'socket.io';
import { AppError } from '../app-error.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import type { IdentityResolver } from '../http/identity.ts';
import type { ClientIdentity } from './socket-namespace.ts';

/** What the handshake learnt of a connection, kept on it for its handlers and the farewell. */
interface ClientContext {
  identity: ClientIdentity;
  locale: Locale;
}

export type Guard = (client: { identity: ClientIdentity; ip: string }) => Promise<void>;

export interface HandshakeDeps {
  identities: IdentityResolver;
  /** The client's address from the handshake request, read as TRUST_PROXY says (as HTTP reads it). */
  clientAddress(request: IncomingMessage): string;
}

/** Who a connection is and its language, once its handshake was accepted. */
export const contextOf = (socket: Socket): ClientContext => socket.data as ClientContext;

/**
 * The handshake's auth `{token, deviceId, userType}` (spec §6) resolved like the HTTP identity
 * headers; a refusal is a connect error whose message is the catalogue's text and whose data
 * carries the error name.
 */
export async function authenticate(
  socket: Socket,
  next: (err?: Error) => void,
  deps: HandshakeDeps,
  access: 'identity' | 'user' | 'admin',
  guards: readonly Guard[],
): Promise<void> {
  const locale = localeFromAcceptLanguage(socket.handshake.headers['accept-language']);
  try {
    const parsed = SocketAuth.safeParse(socket.handshake.auth ?? {});
    const auth = parsed.success ? parsed.data : {};
    const headers = {
      ...(auth.token && { token: auth.token }),
      ...(auth.deviceId && { deviceid: auth.deviceId }),
    };
    // an admin namespace takes the admin token in the same `token` field
    const identity: ClientIdentity = await deps.identities.resolve(access, headers);
    const ip = deps.clientAddress(socket.request);
    for (const guard of guards) await guard({ identity, ip });
    const context: ClientContext = { identity, locale };
    socket.data = context;
    next();
  } catch (err) {
    const key =
      err instanceof AppError
        ? err.key
        : isDatabaseUnavailable(err)
          ? 'errors.service_unavailable'
          : 'errors.internal';
    const refusal = new Error(translateMessage(key, locale)) as Error & { data?: unknown };
    refusal.data = { error: key.replace(/^errors\./, '') };
    next(refusal);
  }
}
