import { translateMessage } from '@sfm/protocol';
import type { Logger } from 'pino';
import type { Socket } from 'socket.io';
import { AppError } from '../app-error.ts';
import { rateLimitKey } from '../http/identity.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { contextOf } from './handshake.ts';
import type { ClientIdentity, SocketClient } from './socket-namespace.ts';

/**
 * What a handler sees of an accepted connection (socket.io stays here): its identity, its rooms,
 * answers in its language, and its rate limits per user or device. `label` names the namespace in logs.
 */
export function clientOf<I extends ClientIdentity>(
  socket: Socket,
  label: string,
  { limiter, logger }: { limiter: RateLimiter; logger: Logger },
): SocketClient<I> {
  const { identity, locale } = contextOf(socket);
  const message = (error: AppError) => translateMessage(error.key, locale, error.params);
  const limitKey = identity.kind === 'admin' ? `admin:${identity.adminId}` : rateLimitKey(identity);
  return {
    identity: identity as I,
    id: socket.id,
    get connected() {
      return socket.connected;
    },
    join: (room) => void socket.join(room),
    leave: (room) => void socket.leave(room),
    inRoom: (room) => socket.rooms.has(room),
    emit: (event, data) => void socket.emit(event, data),
    message,
    fail: (error) => void socket.emit('error', { message: message(error) }),
    async rateLimit(bucket, perMinute) {
      try {
        const decision = await limiter.consume(bucket, limitKey, perMinute);
        return decision.allowed
          ? null
          : AppError.retryLater('errors.rate_limited', decision.retryAfterSeconds);
      } catch (err) {
        logger.error({ err }, `${label} rate limit unavailable`);
        return null;
      }
    },
  };
}
