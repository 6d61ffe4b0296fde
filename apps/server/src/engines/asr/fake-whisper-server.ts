/** A local stand-in for OpenAI's POST /v1/audio/transcriptions (multipart in, `{text}` out). Test-only. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TranscriptionCall {
  authorization: string | undefined;
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer };
}

/** OpenAI's POST /v1/audio/transcriptions: multipart in, `{text}` out. Test-only. */
export async function startFakeWhisper(answer: (call: TranscriptionCall) => string) {
  const calls: TranscriptionCall[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
        res.writeHead(404).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = await new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: Buffer.concat(chunks),
      }).formData();
      const fields: Record<string, string> = {};
      let file: TranscriptionCall['file'] | undefined;
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') fields[key] = value;
        else file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
      }
      if (!file) {
        res.writeHead(400).end('{"error":"no file"}');
        return;
      }
      const call = { authorization: req.headers.authorization, fields, file };
      calls.push(call);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: answer(call) }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
