import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const hmacSha256 = (key: Uint8Array, value: string): string =>
  createHmac('sha256', key).update(value).digest('hex');

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** 32 random bytes, base64url: unguessable opaque tokens (refresh tokens). */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/**
 * JWT_SECRET when set; otherwise a secret generated once and kept in DATA_DIR/jwt-secret (0600),
 * so sessions survive a restart without the operator having to invent a secret.
 */
export async function loadJwtSecret(configured: string | undefined, dataDir: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    await mkdir(dataDir, { recursive: true });
    try {
      await writeFile(file, randomBytes(48).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // another process created it first: use theirs
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  await chmod(file, 0o600);
  return new TextEncoder().encode((await readFile(file, 'utf8')).trim());
}
