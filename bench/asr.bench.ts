/**
 * Realtime recognition through an OpenAI-compatible transcription server, as a user meets it: the
 * real product with ASR_ENGINE=openai-compatible, a local Whisper stand-in (text for audio with
 * speech energy, a hallucinated credit for anything else, after a simulated model time), and one
 * /speech socket fed like the browser does (4096-sample frames in real time). Prints the time from
 * the end of speech to `resultCompleted` and the transcription requests per minute of silence.
 * Numbers, not pass/fail. Run: `npm run bench:asr`.
 */
import { SPEECH_RECOGNITION_NAMESPACE } from '@sfm/protocol';
import type { Socket } from 'socket.io-client';
import { socketClient } from '../apps/server/test/harness/socket-clients.ts';
import { answerWhenLoud, startFakeWhisper } from '../apps/server/test/fakes/whisper-server.ts';
import { espeakPcm, scene, silence } from '../apps/server/test/fixtures/speech-audio.ts';
import { FRAME_BYTES, frameLevelDb } from '../apps/server/src/engines/asr/voice-activity.ts';
import { startServer } from '../e2e/support/server.ts';

const QUESTIONS = ['前面有什么', '左边是什么东西', '这是什么颜色的', '请帮我读一下这个标签'];
const UTTERANCES = 8;
/** Simulated model time per request: an instant server, and whisper-small on a CPU. */
const MODEL_MS = [0, 500];
const PAUSE_MS = 3_000;
/** A quiet room through a microphone with noise suppression: faint hiss, not digital zero. */
const ROOM_RMS = 30;
const CHUNK_BYTES = 4096 * 2;
const CHUNK_MS = 256;
/** Silence is fed this many times faster than real time: it is counted in audio time anyway. */
const SILENCE_SPEED = 20;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

/** Where the speech ends: after its last 20 ms louder than -50 dBFS. */
function speechEndMs(voice: Int16Array): number {
  const pcm = new Uint8Array(voice.buffer, voice.byteOffset, voice.byteLength);
  let end = 0;
  for (let at = 0; at + FRAME_BYTES <= pcm.length; at += FRAME_BYTES)
    if (frameLevelDb(pcm.subarray(at, at + FRAME_BYTES)) > -50) end = at + FRAME_BYTES;
  return end / 32;
}

/** Sends `pcm` as the browser does, one 4096-sample frame once it has "been recorded". */
async function stream(socket: Socket, pcm: Uint8Array, speed = 1): Promise<number> {
  const start = performance.now();
  for (let at = 0, n = 1; at < pcm.length; at += CHUNK_BYTES, n++) {
    await sleep(start + (n * CHUNK_MS) / speed - performance.now());
    const audioData = Buffer.from(pcm.subarray(at, at + CHUNK_BYTES)).toString('base64');
    socket.emit('sendAudioData', { audioData, format: 'pcm' });
  }
  return start;
}

async function connect(url: string): Promise<Socket> {
  const socket = socketClient(`${url}${SPEECH_RECOGNITION_NAMESPACE}`, { deviceId: 'bench-asr-device' });
  await new Promise<void>((resolve, reject) => {
    socket.once('connected', resolve);
    socket.once('connect_error', reject);
  });
  const started = new Promise((resolve) => socket.once('recognitionStarted', resolve));
  socket.emit('startRecognition', { options: { format: 'pcm', sampleRate: 16000, language: 'zh' } });
  await started;
  return socket;
}

interface Run {
  modelMs: number;
  latencies: number[];
  missed: number;
  callsPerUtterance: number;
  callsPerSilentMinute: { room: number; digital: number };
}

async function run(modelMs: number, questions: { pcm: Uint8Array; endMs: number }[]): Promise<Run> {
  const whisper = await startFakeWhisper(answerWhenLoud('前面有什么'), { latencyMs: modelMs });
  const server = await startServer({
    ASR_ENGINE: 'openai-compatible',
    OPENAI_ASR_BASE_URL: whisper.baseUrl,
    ASR_RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
  });
  try {
    const socket = await connect(server.url);
    const completed: number[] = [];
    socket.on('resultCompleted', () => completed.push(performance.now()));

    const latencies: number[] = [];
    let missed = 0;
    await stream(socket, scene([silence(1_000)], ROOM_RMS));
    for (let i = 0; i < UTTERANCES; i++) {
      const question = questions[i % questions.length];
      if (!question) throw new Error('no question');
      const heard = completed.length;
      const start = await stream(socket, Buffer.concat([question.pcm, scene([silence(PAUSE_MS)], ROOM_RMS)]));
      const end = start + question.endMs;
      const at = completed.slice(heard).find((t) => t > end);
      if (at === undefined) missed++;
      else latencies.push(at - end);
    }
    const callsPerUtterance = whisper.calls.length / UTTERANCES;

    const silentMinute = async (pcm: Uint8Array) => {
      const before = whisper.calls.length;
      await stream(socket, pcm, SILENCE_SPEED);
      await sleep(1_000 + modelMs);
      return whisper.calls.length - before;
    };
    const room = await silentMinute(scene([silence(60_000)], ROOM_RMS));
    const digital = await silentMinute(scene([silence(60_000)], 0));
    socket.disconnect();
    return { modelMs, latencies, missed, callsPerUtterance, callsPerSilentMinute: { room, digital } };
  } finally {
    await server.stop();
    await whisper.close();
  }
}

// espeak's voice, over the same faint room hiss the pauses have
const voices = await Promise.all(QUESTIONS.map((q) => espeakPcm(q)));
const questions = voices.map((voice) => ({ pcm: scene([voice], ROOM_RMS), endMs: speechEndMs(voice) }));
const results: Run[] = [];
for (const modelMs of MODEL_MS) results.push(await run(modelMs, questions));

console.log(
  `realtime recognition through an OpenAI-compatible server: ${UTTERANCES} espeak questions, ${PAUSE_MS} ms pauses, 4096-sample frames in real time\n`,
);
const rows: [string, string, string][] = [];
for (const r of results) {
  const label = `model ${r.modelMs} ms/request`;
  rows.push(
    [`${label}: end of speech → resultCompleted (median)`, ms(median(r.latencies)), 'target ≤ 1500 ms'],
    [`${label}: end of speech → resultCompleted (max)`, ms(Math.max(...r.latencies)), ''],
    [`${label}: utterances without resultCompleted`, String(r.missed), 'target 0'],
    [`${label}: requests per utterance`, r.callsPerUtterance.toFixed(1), ''],
    [`${label}: requests per minute of room hiss`, String(r.callsPerSilentMinute.room), 'target 0'],
    [`${label}: requests per minute of digital silence`, String(r.callsPerSilentMinute.digital), 'target 0'],
  );
}
const width = Math.max(...rows.map((r) => r[0].length));
for (const [name, value, note] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(8)}  ${note}`);
