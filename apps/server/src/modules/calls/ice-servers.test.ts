import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultCallsConfig } from '../../config/calls-config.ts';
import { iceServersFor } from './ice-servers.ts';

const now = new Date('2026-01-01T00:00:00Z');

describe('iceServersFor', () => {
  it('hands out nothing when no ICE server is configured (direct connections)', () => {
    expect(iceServersFor(defaultCallsConfig(), 'call-1', now)).toEqual([]);
  });

  it('mints coturn use-auth-secret credentials per call: expiry:label, HMAC-SHA1 of it under the secret', () => {
    const config = {
      ...defaultCallsConfig(),
      iceUrls: ['stun:turn.example.com:3478', 'turn:turn.example.com:3478?transport=udp'],
      turnSecret: 'a-shared-secret-of-coturn',
      turnCredentialTtlSeconds: 600,
    };
    const [stun, turn] = iceServersFor(config, 'call-1', now);
    expect(stun).toEqual({ urls: ['stun:turn.example.com:3478'] });
    const expires = now.getTime() / 1000 + 600;
    expect(turn?.username).toBe(`${expires}:call-1`);
    expect(turn?.credential).toBe(
      createHmac('sha1', 'a-shared-secret-of-coturn').update(`${expires}:call-1`).digest('base64'),
    );
    expect(turn?.urls).toEqual(['turn:turn.example.com:3478?transport=udp']);
  });
});
