import { SPEECH_SYNTHESIS_NAMESPACE, SynthesisClientEvents } from '@sfm/protocol';
import type { DeviceAllowance } from '../../security/device-allowance.ts';
import type { SocketNamespace } from '../../sockets/socket-namespace.ts';
import type { SpeechService } from './service.ts';

/** /speech-synthesis (spec §5): each client's texts spoken by the speech service as MP3 chunks. */
export function synthesisNamespace(
  speech: SpeechService,
  textsPerMinute: number,
  devices: DeviceAllowance,
): SocketNamespace<typeof SynthesisClientEvents> {
  return {
    path: SPEECH_SYNTHESIS_NAMESPACE,
    label: 'speech synthesis',
    // a logged-out device counts against its address's devices a day, as on the HTTP routes
    guards: [devices.guard],
    events: SynthesisClientEvents,
    warmUp: () => speech.warmUp(),
    connect(client) {
      const session = speech.speaking({
        audio: (chunk) => client.emit('audioGenerated', { audioData: Buffer.from(chunk).toString('base64') }),
        failed: (error) => client.fail(error),
      });
      return {
        on: {
          heartbeat: () => client.emit('heartbeatAck', {}),
          startSynthesis: ({ options }) => {
            session.start(options);
            client.emit('synthesisStarted', {});
          },
          synthesizeText: ({ text }) =>
            session.speak(text, async () => {
              const refusal = await client.rateLimit('tts', textsPerMinute);
              // counted once admitted; the recording runs beside the speech, never before it
              if (!refusal) void speech.recordSpoken(client.identity, text);
              return refusal;
            }),
          stopSynthesis: () => session.stop(),
        },
        disconnect: () => session.stop(),
      };
    },
  };
}
