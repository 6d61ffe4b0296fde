import { mediaDevices } from './media.ts';

/** The AudioWorklet that makes the spec §9 frames (16 kHz mono, 4096 samples). */
const PCM_WORKLET_URL = '/worklets/pcm-recorder.js';

export interface PcmCapture {
  stop(): void;
}

/**
 * Opens the microphone and hands 16-bit PCM frames (16 kHz mono, 4096 samples) to `onFrame`,
 * through the AudioWorklet in public/worklets/pcm-recorder.js. Rejects with the getUserMedia error
 * (NotAllowedError, NotFoundError) when the microphone cannot be used.
 */
export async function startPcmCapture(onFrame: (frame: Int16Array) => void): Promise<PcmCapture> {
  const devices = mediaDevices();
  if (!devices) throw new DOMException('no microphone API', 'NotFoundError');
  const stream = await devices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
    video: false,
  });
  const context = new AudioContext();
  try {
    await context.audioWorklet.addModule(PCM_WORKLET_URL);
    const source = context.createMediaStreamSource(stream);
    const node = new AudioWorkletNode(context, 'pcm-recorder');
    node.port.onmessage = (event: MessageEvent<ArrayBuffer>) => onFrame(new Int16Array(event.data));
    source.connect(node);
    if (context.state === 'suspended') await context.resume();
    return {
      stop() {
        node.port.onmessage = null;
        try {
          source.disconnect();
          node.disconnect();
        } catch {
          // ignore
        }
        for (const track of stream.getTracks()) track.stop();
        void context.close().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    void context.close().catch(() => undefined);
    throw error;
  }
}

/** Spec §9: MediaRecorder mime preference order. */
const RECORDER_MIME_ORDER = ['audio/webm;codecs=opus', 'audio/mp4', 'audio/aac', 'audio/mpeg'] as const;

/** The first supported recorder mime type, '' for the browser's default, or null without MediaRecorder. */
export function pickRecorderMime(isSupported?: (mime: string) => boolean): string | null {
  const check =
    isSupported ??
    (typeof MediaRecorder === 'undefined' ? null : (mime: string) => MediaRecorder.isTypeSupported(mime));
  if (!check) return null;
  return RECORDER_MIME_ORDER.find((mime) => check(mime)) ?? '';
}

export interface Recording {
  blob: Blob;
  durationMs: number;
  mimeType: string;
}

/** Records the microphone with MediaRecorder until the returned stop() is called. */
export async function startRecording(): Promise<{ stop(): Promise<Recording> }> {
  const devices = mediaDevices();
  const mime = pickRecorderMime();
  if (!devices || mime === null) throw new DOMException('no recorder', 'NotFoundError');
  const stream = await devices.getUserMedia({ audio: true, video: false });
  const recorder = new MediaRecorder(stream, mime ? { mimeType: mime } : undefined);
  const parts: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) parts.push(event.data);
  };
  const startedAt = performance.now();
  recorder.start();
  return {
    stop: () =>
      new Promise<Recording>((resolve) => {
        recorder.onstop = () => {
          for (const track of stream.getTracks()) track.stop();
          const mimeType = recorder.mimeType || mime || 'audio/webm';
          resolve({
            blob: new Blob(parts, { type: mimeType }),
            durationMs: performance.now() - startedAt,
            mimeType,
          });
        };
        recorder.stop();
      }),
  };
}
