import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  AudioDecodeError,
  decodeToPcm16k,
  MAX_DECODED_SECONDS,
  PCM_SAMPLE_RATE,
  wavFromPcm,
} from '../../src/engines/asr/audio-decode.ts';

/**
 * Security review, finding 7: a 656 KB FLAC of silence decoded to 115 MB of PCM, and the upload cap
 * allowed about 1.4 GB of PCM in memory per request. Decoding now stops at MAX_DECODED_SECONDS, reads
 * only the containers phones record into, and through no protocol but the pipe.
 */
const MAX_PCM_BYTES = MAX_DECODED_SECONDS * PCM_SAMPLE_RATE * 2;
const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;

/** Twenty minutes of silence, compressed by ffmpeg into the format asked for. */
function silence(args: string[]): Buffer {
  const made = spawnSync(
    'ffmpeg',
    ['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '1200', ...args, 'pipe:1'],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  if (made.status !== 0) throw new Error(made.stderr.toString());
  return made.stdout;
}

describe('audio bombs', () => {
  it('a WAV stops at the decoded-length cap', async () => {
    const twentyMinutes = new Uint8Array(1200 * PCM_SAMPLE_RATE * 2);
    const pcm = await decodeToPcm16k(wavFromPcm(twentyMinutes));
    expect(pcm.length).toBe(MAX_PCM_BYTES);
  });

  it.skipIf(!hasFfmpeg)('twenty minutes of compressed silence decode to the cap, not to 38 MB', async () => {
    const mp3 = silence(['-c:a', 'libmp3lame', '-b:a', '8k', '-f', 'mp3']);
    expect(mp3.length).toBeLessThan(1.5 * 1024 * 1024);
    const pcm = await decodeToPcm16k(mp3);
    expect(pcm.length).toBeGreaterThan(0.9 * MAX_PCM_BYTES);
    expect(pcm.length).toBeLessThanOrEqual(MAX_PCM_BYTES);
  });

  it.skipIf(!hasFfmpeg)(
    'refuses containers phones do not record into (the FLAC of the finding)',
    async () => {
      const flac = silence(['-c:a', 'flac', '-f', 'flac']);
      await expect(decodeToPcm16k(flac)).rejects.toBeInstanceOf(AudioDecodeError);
    },
  );

  it.skipIf(!hasFfmpeg)('never opens a file or a URL a playlist names', async () => {
    const playlist = Buffer.from(
      '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n',
    );
    await expect(decodeToPcm16k(playlist)).rejects.toBeInstanceOf(AudioDecodeError);
    const concat = Buffer.from("ffconcat version 1.0\nfile '/etc/passwd'\n");
    await expect(decodeToPcm16k(concat)).rejects.toBeInstanceOf(AudioDecodeError);
  });
});
