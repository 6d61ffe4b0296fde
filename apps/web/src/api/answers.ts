import type { ApiErrorData, DataOf, Endpoint, EndpointData, EndpointName, Endpoints } from '@sfm/protocol';
import { apiText, tr } from '../i18n/index.ts';
import { NetworkError } from './network-error.ts';
import { loadProtocolSchemas, type ProtocolSchemas } from './protocol-schemas.ts';

export interface Success<T> {
  ok: true;
  code: number;
  message: string;
  data: T;
}
export type ApiSuccess<N extends EndpointName> = Success<DataOf<N>>;
export interface ApiFailure {
  ok: false;
  code: number;
  message: string;
  data: ApiErrorData;
}
/** The envelope `{code, message, data}` plus `ok` to narrow on. Error answers are returned, never thrown. */
export type AnswerOf<E extends Endpoint> = Success<EndpointData<E>> | ApiFailure;
export type ApiAnswer<N extends EndpointName> = AnswerOf<Endpoints[N]>;

/**
 * What checks a call's answer: the protocol's envelope and error schemas and the endpoint's `data`
 * schema. They load beside the request (zod is not in the first download), never after it.
 */
export type AnswerCheck = Promise<[ProtocolSchemas, Endpoint['data']]>;

export function answerCheck(dataSchema: (protocol: ProtocolSchemas) => Endpoint['data']): AnswerCheck {
  const check = loadProtocolSchemas().then(
    (protocol) => [protocol, dataSchema(protocol)] as [ProtocolSchemas, Endpoint['data']],
  );
  // awaited only when an answer came; a request that failed first must not leave it unhandled
  check.catch(() => undefined);
  return check;
}

/** The check of an answer of the protocol's table, by the endpoint's name. */
export const checkByName = (name: EndpointName) => answerCheck((protocol) => protocol.endpoints[name].data);

export function failure(code: number, key: string, message?: string): ApiFailure {
  return { ok: false, code, message: message ?? apiText(key), data: { error: key } };
}

/** The check's schemas once they have loaded. */
export async function schemasOf(check: AnswerCheck): Promise<[ProtocolSchemas, Endpoint['data']]> {
  try {
    return await check;
  } catch (error) {
    // the schemas' chunk did not download: as much a network failure as the request's own
    throw new NetworkError('network', { cause: error });
  }
}

/** An HTTP answer (status and body text) as the envelope, checked against the endpoint's schemas. */
export async function interpret<E extends Endpoint>(
  check: AnswerCheck,
  status: number,
  text: string,
): Promise<AnswerOf<E>> {
  if (!text.trim()) return failure(status >= 400 ? status : 502, 'errors.internal', tr('network.empty'));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return failure(
      status >= 400 ? status : 502,
      'errors.internal',
      status >= 400 ? undefined : tr('network.invalid'),
    );
  }
  const [protocol, data] = await schemasOf(check);
  if (status >= 200 && status < 300) {
    const parsed = protocol.envelope(data).safeParse(json);
    if (parsed.success && parsed.data.code === 200) {
      return {
        ok: true,
        code: parsed.data.code,
        message: parsed.data.message,
        data: parsed.data.data as EndpointData<E>,
      };
    }
    if (!parsed.success) return failure(502, 'errors.internal', tr('network.invalid'));
  }
  const error = protocol.ApiError.safeParse(json);
  if (error.success) return { ok: false, ...error.data };
  const message =
    json && typeof json === 'object' && 'message' in json && typeof json.message === 'string'
      ? json.message
      : undefined;
  return failure(status, 'errors.internal', message);
}
