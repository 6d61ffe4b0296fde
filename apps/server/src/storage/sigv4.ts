/**
 * AWS Signature Version 4 for a single request with headers (no query-string presigning): enough
 * for S3-compatible stores (AWS, MinIO, Ceph, R2…) without pulling in an SDK.
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
import { createHash, createHmac } from 'node:crypto';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to sign (and send), besides host and x-amz-date which the signer adds. */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (S3 also wants it as x-amz-content-sha256). */
  payloadHash: string;
  region: string;
  service: string;
  credentials: SigV4Credentials;
  date: Date;
}

export const sha256Hex = (data: string | Uint8Array): string =>
  createHash('sha256').update(data).digest('hex');

const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX (uppercase). */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/')) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** 20150830T123600Z */
const amzDate = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function canonicalQuery(url: URL): string {
  const pairs = [...url.searchParams].map(([k, v]) => [uriEncode(k), uriEncode(v)] as const);
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

/**
 * The headers to send: the given ones plus host, x-amz-date and Authorization. The path of `url`
 * must already be URI-encoded once (S3 does not encode twice); it is signed as it is sent.
 */
export function signRequest(req: SigV4Request): Record<string, string> {
  const stamp = amzDate(req.date);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = { host: req.url.host, 'x-amz-date': stamp };
  for (const [name, value] of Object.entries(req.headers ?? {})) headers[name.toLowerCase()] = value;

  const names = Object.keys(headers).sort();
  const canonicalHeaders = names
    .map((n) => `${n}:${(headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    req.method.toUpperCase(),
    req.url.pathname || '/',
    canonicalQuery(req.url),
    canonicalHeaders,
    signedHeaders,
    req.payloadHash,
  ].join('\n');

  const scope = `${day}/${req.region}/${req.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const kDate = hmac(`AWS4${req.credentials.secretAccessKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, req.region), req.service), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign).digest('hex');

  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${req.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
