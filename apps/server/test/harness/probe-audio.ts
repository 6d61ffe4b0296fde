import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export interface AudioInfo {
  codec: string;
  sampleRate: number;
  channels: number;
  duration: number;
}

/** What ffprobe says about an audio file's bytes. */
export async function probeAudio(bytes: Uint8Array): Promise<AudioInfo> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sfm-probe-'));
  const file = path.join(dir, 'audio.mp3');
  try {
    await writeFile(file, bytes);
    const { stdout } = await promisify(execFile)('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,sample_rate,channels:format=duration',
      '-of',
      'json',
      file,
    ]);
    const info = JSON.parse(stdout) as {
      streams: { codec_name: string; sample_rate: string; channels: number }[];
      format: { duration: string };
    };
    const stream = info.streams[0];
    if (!stream) throw new Error('no audio stream');
    return {
      codec: stream.codec_name,
      sampleRate: Number(stream.sample_rate),
      channels: stream.channels,
      duration: Number(info.format.duration),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
