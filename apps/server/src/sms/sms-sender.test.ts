import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { LogSmsSender } from './sms-sender.ts';

describe('LogSmsSender', () => {
  it('logs the code with a masked phone as one structured line', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _e, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    await new LogSmsSender(createLogger('info', sink)).send('13800138000', '123456');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      msg: 'sms code issued',
      phone: '138****8000',
      code: '123456',
    });
    expect(lines.join('')).not.toContain('13800138000');
  });
});
