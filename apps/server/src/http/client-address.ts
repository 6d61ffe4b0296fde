/**
 * The client's address as TRUST_PROXY says to read it, for HTTP (Fastify's request.ip) and for
 * socket handshakes alike: a limit keyed on the address (the devices a day per address) must see
 * the same address whichever way the client came in.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.ts';

type TrustProxy = Config['trustProxy'];
export type TrustFunction = (address: string, hop: number) => boolean;

/** TRUST_PROXY as a function: everything, nothing, the nearest `n` hops, or listed addresses. */
export function trustFunction(trust: TrustProxy): TrustFunction {
  if (trust === true) return () => true;
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/** The furthest address the trusted proxies vouch for (the peer itself when none is trusted). */
export function clientAddressOf(request: IncomingMessage, trust: TrustFunction): string {
  const chain = proxyAddr.all(request, trust);
  return chain[chain.length - 1] ?? request.socket.remoteAddress ?? '';
}
