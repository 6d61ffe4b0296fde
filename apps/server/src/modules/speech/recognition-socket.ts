import { RecognitionClientEvents, SPEECH_RECOGNITION_NAMESPACE } from '@sfm/protocol';
import type { DeviceAllowance } from '../../security/device-allowance.ts';
import type { SocketNamespace } from '../../sockets/socket-namespace.ts';
import type { SpeechService } from './service.ts';

/** Largest accepted audio message: 10 s of 16 kHz 16-bit PCM as base64. */
const MAX_AUDIO_BASE64 = Math.ceil((16_000 * 2 * 10 * 4) / 3);

/** /speech (spec §5): each client's PCM frames recognised by the speech service, results as they come. */
export function recognitionNamespace(
  speech: SpeechService,
  startsPerMinute: number,
  devices: DeviceAllowance,
): SocketNamespace<typeof RecognitionClientEvents> {
  return {
    path: SPEECH_RECOGNITION_NAMESPACE,
    label: 'speech recognition',
    // a logged-out device counts against its address's devices a day, as on the HTTP routes
    guards: [devices.guard],
    events: RecognitionClientEvents,
    // a malformed frame is dropped quietly: frames come 10 a second, an error for each would flood
    dropMalformed: ['sendAudioData'],
    connect(client) {
      const session = speech.listening({
        started: () => {
          client.emit('recognitionStarted', {});
          client.emit('taskStarted', {});
        },
        interim: (text) => client.emit('resultChanged', { text }),
        final: (text) => client.emit('resultCompleted', { text }),
        completed: () => {
          client.emit('taskCompleted', {});
          client.emit('recognitionStopped', {});
        },
        refused: (error) => client.emit('taskFailed', { message: client.message(error) }),
        failed: (error) => {
          client.emit('taskFailed', { message: client.message(error) });
          client.emit('recognitionStopped', {});
        },
        stopped: () => client.emit('recognitionStopped', {}),
      });
      client.emit('connected', {});
      return {
        on: {
          // the protocol's /speech has no acknowledgement event for it
          heartbeat: () => undefined,
          startRecognition: ({ options }) =>
            session.start(options, () => client.rateLimit('asr', startsPerMinute)),
          sendAudioData: ({ audioData }) => {
            if (audioData.length <= MAX_AUDIO_BASE64) session.audio(Buffer.from(audioData, 'base64'));
          },
          stopRecognition: () => session.stop(),
        },
        disconnect: () => session.close(),
      };
    },
  };
}
