import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeBase64Image, prepareUpload } from './image-pipeline.ts';
import { OpenAiCompatibleVisionEngine, systemPromptFor } from './openai-compatible-vision-engine.ts';
import { VisionEngineError } from './vision-errors.ts';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterEach(() => server.closeAllConnections());
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const engine = (apiKey?: string) =>
  new OpenAiCompatibleVisionEngine({ name: 'test', baseUrl, apiKey, model: 'qwen-vl-plus', timeoutMs: 5000 });

function streamChunks(res: ServerResponse, pieces: string[]) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const p of pieces) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: p } }] })}\n\n`);
  res.end('data: [DONE]\n\n');
}

describe('OpenAiCompatibleVisionEngine', () => {
  it('sends the exact chat-completions request and joins the streamed answer', async () => {
    let seen: { url?: string; auth?: string; body?: Record<string, unknown> } = {};
    handler = (req, body, res) => {
      seen = {
        url: req.url,
        auth: req.headers.authorization,
        body: JSON.parse(body) as Record<string, unknown>,
      };
      streamChunks(res, ['前方', '有一辆', '汽车。']);
    };
    const result = await engine('sk-test').analyze({
      image: await png(),
      scenario: 'move',
      prompt: '能走吗',
    });
    expect(result.description).toBe('前方有一辆汽车。');
    expect(seen.url).toBe('/v1/chat/completions');
    expect(seen.auth).toBe('Bearer sk-test');
    const body = seen.body as {
      model: string;
      stream: boolean;
      messages: [{ role: string; content: string }, { role: string; content: Record<string, unknown>[] }];
    };
    expect(body.model).toBe('qwen-vl-plus');
    expect(body.stream).toBe(true);
    expect(body.messages[0]).toEqual({ role: 'system', content: systemPromptFor('move') });
    expect(body.messages[0].content).toContain('障碍物');
    const [image, text] = body.messages[1].content as [
      { type: string; image_url: { url: string } },
      { type: string; text: string },
    ];
    expect(image.type).toBe('image_url');
    expect(image.image_url.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(text).toEqual({ type: 'text', text: '能走吗' });
  });

  it('passes a photo kept as uploaded on as the very base64 it came as, a prompt of JSON text intact', async () => {
    let sent: { messages: [unknown, { content: [{ image_url: { url: string } }, { text: string }] }] };
    handler = (_req, body, res) => {
      sent = JSON.parse(body) as typeof sent;
      streamChunks(res, ['好']);
    };
    const uploaded = (
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#468' } })
        .jpeg({ quality: 80 })
        .toBuffer()
    ).toString('base64');
    const photo = await prepareUpload(decodeBase64Image(uploaded), 'standard');
    const prompt = '这是 "引号"、\\反斜杠\\ 和 {"url": "x"}';
    await engine().analyze({ image: photo.jpeg, pixels: photo.pixels, scenario: 'qa', prompt });
    const [image, text] = sent!.messages[1].content;
    expect(image.image_url.url).toBe(`data:image/jpeg;base64,${uploaded}`);
    expect(text.text).toBe(prompt);
  });

  it('uses the scenario default question and no Authorization without a key', async () => {
    let auth: string | undefined = 'unset';
    let question = '';
    handler = (req, body, res) => {
      auth = req.headers.authorization;
      question =
        (JSON.parse(body) as { messages: { content: { text?: string }[] }[] }).messages[1]?.content[1]
          ?.text ?? '';
      streamChunks(res, ['好']);
    };
    await engine().analyze({ image: await png(), scenario: 'reading' });
    expect(auth).toBeUndefined();
    expect(question).toBe('请读出上面的文字。');
  });

  it('streams pieces as they arrive', async () => {
    handler = (_req, _body, res) => streamChunks(res, ['一', '二']);
    const pieces: string[] = [];
    for await (const p of engine().analyzeStream({ image: await png(), scenario: 'realtime' }))
      pieces.push(p);
    expect(pieces).toEqual(['一', '二']);
  });

  it('stops when the caller aborts mid-stream', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: '开头' } }] })}\n\n`);
      // never finishes
    };
    const controller = new AbortController();
    const pieces: string[] = [];
    const run = (async () => {
      for await (const p of engine().analyzeStream({
        image: await png(),
        scenario: 'realtime',
        signal: controller.signal,
      })) {
        pieces.push(p);
        controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(pieces).toEqual(['开头']);
  });

  it.each([401, 500])('turns HTTP %i into a VisionEngineError without the key', async (status) => {
    handler = (_req, _body, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"bad"}}');
    };
    const err = await engine('sk-secret')
      .analyze({ image: await png(), scenario: 'realtime' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VisionEngineError);
    expect((err as VisionEngineError).status).toBe(status);
    expect(String((err as Error).message)).not.toContain('sk-secret');
  });

  it('times out as a VisionEngineError', async () => {
    handler = () => {};
    const slow = new OpenAiCompatibleVisionEngine({ name: 't', baseUrl, model: 'm', timeoutMs: 200 });
    await expect(slow.analyze({ image: await png(), scenario: 'realtime' })).rejects.toThrow('timed out');
  });
});

describe('prompts that ask for what blind users need', () => {
  it('asks for hazards first, text quoted exactly, clock-face directions and a machine-readable unusable verdict', () => {
    const prompt = systemPromptFor('realtime');
    expect(prompt).toContain('先说危险');
    expect(prompt).toContain('一字不差');
    expect(prompt).toContain('钟点方向');
    expect(prompt).toMatch(/UNUSABLE: 原因.*blurred.*dark.*washedOut.*tooClose.*cutOff.*featureless/);
  });

  it("sends the user's verbosity last, so it sets the length; reading is read whole at either", async () => {
    let system = '';
    handler = (_req, body, res) => {
      system = (JSON.parse(body) as { messages: [{ content: string }] }).messages[0].content;
      streamChunks(res, ['前方有一扇门。']);
    };
    await engine().analyze({ image: await png(), scenario: 'observe', verbosity: 'brief' });
    expect(system).toBe(systemPromptFor('observe', 'brief'));
    expect(system.endsWith('最重要的一两句先说完，不要铺陈细节。')).toBe(true);
    await engine().analyze({ image: await png(), scenario: 'observe', verbosity: 'detailed' });
    expect(system).toContain('把能看清的要点都说出来');
    expect(systemPromptFor('reading', 'brief')).toBe(systemPromptFor('reading'));
  });

  it('maps the model saying the photo is unusable to retake advice, never to a description', async () => {
    handler = (_req, _body, res) => streamChunks(res, ['UNUSABLE', ': ', 'dark']);
    expect(await engine().analyze({ image: await png(), scenario: 'reading' })).toEqual({
      description: '',
      unusablePhoto: 'dark',
    });
    handler = (_req, _body, res) => streamChunks(res, ['UNUSABLE：rainy']);
    expect((await engine().analyze({ image: await png(), scenario: 'qa' })).unusablePhoto).toBe('blurred');
    // the word inside an ordinary answer is just a word
    handler = (_req, _body, res) => streamChunks(res, ['标签上写着“UNUSABLE: dark”。']);
    expect(
      (await engine().analyze({ image: await png(), scenario: 'reading' })).unusablePhoto,
    ).toBeUndefined();
  });
});
