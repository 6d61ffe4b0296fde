/**
 * Whether an error means the database cannot be reached right now (down, restarting, the network
 * to it cut), as opposed to a bug in a query. Such a request is answered 503 "try again shortly"
 * instead of 500: nothing is wrong with it, and the pool reconnects by itself once the server is back.
 */
import { AppError } from '../app-error.ts';

/** How long a client is told to wait before retrying while the database is away. */
const RETRY_SECONDS = 5;

/** The answer to a request (HTTP or socket event) that met an unreachable database. */
export const databaseUnavailable = (): AppError =>
  new AppError(503, 'errors.service_unavailable', {}, { retryAfterSeconds: RETRY_SECONDS });

/** Node's socket errors on the way to the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** SQLSTATEs of a server going away: admin/crash shutdown, cannot connect now, too many connections. */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres' own messages for a connection lost or never made (it gives them no code). */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed)/;

function unavailableItself(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    // class 08: connection exception
    if (NETWORK_CODES.has(code) || SHUTDOWN_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return LOST_CONNECTION.test(err.message);
}

/** True when `err`, or any error it wraps (drizzle wraps the driver's), says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (unavailableItself(e)) return true;
  }
  return false;
}
