import type { S3Config } from '../config/photos-config.ts';
import { assertSafeKey, type ImageStore, type StoredImage } from './image-store.ts';
import { sha256Hex, signRequest, uriEncode } from './sigv4.ts';

const TIMEOUT_MS = 15_000;

/** An S3 failure; the message names the operation and status only, never keys or signatures. */
export class S3Error extends Error {
  override readonly name = 'S3Error';
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Objects in an S3-compatible bucket over plain fetch, signed with SigV4 (see sigv4.ts). Path-style
 * addressing (endpoint/bucket/key) by default, which MinIO and most self-hosted stores expect.
 */
export class S3ImageStore implements ImageStore {
  readonly kind = 's3';

  constructor(
    private readonly config: S3Config,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private urlOf(key: string): URL {
    assertSafeKey(key);
    const base = new URL(this.config.endpoint);
    const prefix = base.pathname.replace(/\/+$/, '');
    const objectPath = uriEncode(key, true);
    if (this.config.forcePathStyle) {
      base.pathname = `${prefix}/${uriEncode(this.config.bucket)}/${objectPath}`;
    } else {
      base.hostname = `${this.config.bucket}.${base.hostname}`;
      base.pathname = `${prefix}/${objectPath}`;
    }
    return base;
  }

  private async send(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body?: Buffer,
    extra: Record<string, string> = {},
  ): Promise<Response> {
    const url = this.urlOf(key);
    const payloadHash = sha256Hex(body ?? '');
    const headers = signRequest({
      method,
      url,
      headers: { ...extra, 'x-amz-content-sha256': payloadHash },
      payloadHash,
      region: this.config.region,
      service: 's3',
      credentials: this.config,
      date: this.now(),
    });
    // fetch sets Host itself (from the URL, as signed); it refuses to have it set by hand
    delete headers.host;
    try {
      return await fetch(url, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (cause) {
      throw new S3Error(`S3 ${method} failed: unreachable or timed out`, undefined, { cause });
    }
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, bytes, { 'content-type': contentType });
    await res.body?.cancel();
    if (!res.ok) throw new S3Error(`S3 PUT answered HTTP ${res.status}`, res.status);
  }

  async get(key: string): Promise<StoredImage | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new S3Error(`S3 GET answered HTTP ${res.status}`, res.status);
    }
    return {
      bytes: Buffer.from(await res.arrayBuffer()),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    await res.body?.cancel();
    if (!res.ok && res.status !== 404) throw new S3Error(`S3 DELETE answered HTTP ${res.status}`, res.status);
  }
}
