import { FEEDBACK_CATEGORIES } from '@sfm/protocol/feedback';
import { APK_CONTENT_TYPE, APK_UPLOAD_PATH } from '@sfm/protocol/versions-admin';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultSpeechConfig } from '../../src/config/speech-config.ts';
import { registeredUser, signedInAdmin } from '../harness/admin-harness.ts';
import { createTestApp, type TestApp } from '../harness/app-harness.ts';
import { envelopeProblem } from './catalogue-answers.ts';
import { protocolEndpoints } from './protocol-endpoints.ts';

const SCENE_ID = '00000000-0000-4000-8000-000000000000';
/** Over the 8 MB a recording or analysed photo may decode to, still under the 12 MB body limit. */
const UNCAPPED_OVER = 11_200_000;

/**
 * Every upload field of the protocol (base64 in a JSON body) with a body that is valid but for it.
 * The first test finds the fields by their schema, so a new upload field fails until it is here.
 */
const UPLOADS: Record<string, (big: string) => object> = {
  'endpoints.visionAnalyze.image': (big) => ({ image: big, scenario: 'observe' }),
  'endpoints.speechRecognize.audio': (big) => ({ audio: big, filename: 'a.wav' }),
  'chatEndpoints.chatStream.image': (big) => ({
    messages: [{ role: 'user', content: '这是什么' }],
    image: big,
  }),
  'avatarEndpoints.setMyAvatar.image': (big) => ({ image: big }),
  'feedbackEndpoints.sendFeedback.photo': (big) => ({
    category: FEEDBACK_CATEGORIES[0],
    text: '看不清',
    contactConsent: false,
    photo: big,
  }),
  'sceneAdminEndpoints.testScene.image': (big) => ({ id: SCENE_ID, image: big }),
  'textLinesEndpoints.readTextLines.image': (big) => ({ image: big }),
};

interface FieldSchema {
  type?: string;
  contentEncoding?: string;
  maxLength?: number;
}

/** Base64 string fields of every body schema, with their schema cap (if any). */
function uploadFields(): {
  key: string;
  maxLength: number | undefined;
  method: string;
  path: string;
  admin: boolean;
}[] {
  return protocolEndpoints().flatMap(({ name, endpoint }) => {
    if (!endpoint.body) return [];
    const schema = z.toJSONSchema(endpoint.body, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, FieldSchema>;
    };
    return Object.entries(schema.properties ?? {})
      .filter(([, field]) => field.type === 'string' && field.contentEncoding === 'base64')
      .map(([field, { maxLength }]) => ({
        key: `${name}.${field}`,
        maxLength,
        method: endpoint.method,
        path: endpoint.path,
        admin: endpoint.access !== 'user' && endpoint.access !== 'identity' && endpoint.access !== 'public',
      }));
  });
}

/** CRC-32 of PNG chunks (type and data). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header says width × height, 16-bit RGBA, interlaced: what it would decode to is what
 * counts (the review's 760 KB file took the server from 737 MB to 1,605 MB). Its pixel data is a
 * stub: a server that looks at the header first never gets that far.
 */
function pngBomb(width: number, height: number): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([16, 6, 0, 0, 1], 8); // depth 16, RGBA, deflate, adaptive filter, Adam7 interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}

let t: TestApp;
let small: TestApp;
let user: Record<string, string>;
let admin: Record<string, string>;
const BODY_LIMIT = 64 * 1024;

beforeAll(async () => {
  // a recogniser that is configured but never reached: the size is refused before it is asked
  const speech = defaultSpeechConfig();
  t = await createTestApp({
    config: {
      speech: {
        ...speech,
        asr: { engine: 'openai-compatible', model: 'whisper-1' },
        openai: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: undefined },
      },
    },
  });
  user = (await registeredUser(t)).headers;
  admin = (await signedInAdmin(t)).headers;
  small = await createTestApp({ config: { bodyLimitBytes: BODY_LIMIT, apkMaxBytes: BODY_LIMIT } });
});
afterAll(async () => {
  await t?.close();
  await small?.close();
});

describe('upload size caps', () => {
  it('knows every upload field of the protocol', () => {
    expect(
      uploadFields()
        .map((f) => f.key)
        .sort(),
    ).toEqual(Object.keys(UPLOADS).sort());
  });

  it('every upload field over its cap: 413 with the catalogue message', async () => {
    for (const field of uploadFields()) {
      const body = UPLOADS[field.key]?.('A'.repeat((field.maxLength ?? UNCAPPED_OVER) + 4));
      const res = await t.app.inject({
        method: field.method as 'POST',
        url: field.path,
        headers: { ...(field.admin ? admin : user), 'accept-language': 'en' },
        payload: body,
      });
      expect(res.statusCode, `${field.key}: ${res.body.slice(0, 200)}`).toBe(413);
      expect(envelopeProblem(413, res.json(), 'en'), field.key).toBeNull();
    }
  });

  it('every endpoint with a body: a body over BODY_LIMIT_BYTES is a 413 with the catalogue message', async () => {
    const payload = JSON.stringify({ text: 'x'.repeat(BODY_LIMIT + 1) });
    for (const { name, endpoint } of protocolEndpoints()) {
      if (endpoint.method === 'GET') continue;
      const res = await small.app.inject({
        method: endpoint.method,
        url: endpoint.path,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, name).toBe(413);
      expect(envelopeProblem(413, res.json(), 'zh-CN'), name).toBeNull();
    }
  });

  it('the APK upload over APK_MAX_BYTES: 413 apk_too_large, before the body is read', async () => {
    const uploader = (await signedInAdmin(small)).headers;
    const res = await small.app.inject({
      method: 'POST',
      url: `${APK_UPLOAD_PATH}?id=${SCENE_ID}`,
      headers: { ...uploader, 'content-type': APK_CONTENT_TYPE },
      payload: Buffer.alloc(BODY_LIMIT + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().data.error).toBe('apk_too_large');
    expect(envelopeProblem(413, res.json(), 'zh-CN')).toBeNull();
  });
});

describe('decompression bombs', () => {
  it('a photo that would decode to more than 64 MB is refused from its header, on every image upload', async () => {
    const bomb = pngBomb(10_000, 10_000);
    for (const field of uploadFields()) {
      if (field.key.endsWith('.audio')) continue;
      const rss = process.memoryUsage().rss;
      const res = await t.app.inject({
        method: field.method as 'POST',
        url: field.path,
        headers: { ...(field.admin ? admin : user), 'accept-language': 'en' },
        payload: UPLOADS[field.key]?.(bomb),
      });
      // the market's test endpoint names an unknown scene first; every other field refuses the photo
      if (field.key.startsWith('sceneAdminEndpoints')) expect(res.statusCode, field.key).not.toBe(200);
      else expect(res.statusCode, `${field.key}: ${res.body.slice(0, 200)}`).toBe(413);
      expect(process.memoryUsage().rss - rss, field.key).toBeLessThan(200 * 1024 * 1024);
    }
  });

  it('an ordinary 6 MP PNG, well within the cap: analysed', async () => {
    const ordinary = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: '#7a8b9c' },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vision/analyze',
      headers: user,
      payload: { image: ordinary.toString('base64'), scenario: 'observe', allowUnclearPhoto: true },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  });
});
