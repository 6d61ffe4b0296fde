import { tr } from '../i18n/index.ts';
import type { TransportFailure } from '../platform/index.ts';

/** No answer: it took too long, the network failed, or (native) the request data could not be sent. */
export type NetworkErrorKind = TransportFailure;

const NETWORK_MESSAGES = {
  timeout: 'network.timeout',
  network: 'network.failed',
  data: 'network.requestData',
} as const;

/** The only thing the client throws (besides the caller's own abort): no answer came back. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    readonly kind: NetworkErrorKind,
    options?: { cause?: unknown },
  ) {
    super(tr(NETWORK_MESSAGES[kind]), options);
  }
}
