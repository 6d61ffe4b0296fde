import type { CallLanguage } from '@sfm/protocol/calls-language';
import { currentLocale } from '../../i18n/index.ts';
import * as media from '../../platform/media.ts';

export type Facing = 'environment' | 'user';

function devices(): MediaDevices {
  const found = media.mediaDevices();
  if (!found) throw new Error('no camera API');
  return found;
}

/** The seeker's camera (the rear one by default: the volunteer looks at what the phone points at) and microphone. */
export function openSeekerMedia(facing: Facing = 'environment'): Promise<MediaStream> {
  return devices().getUserMedia({ video: { facingMode: facing }, audio: true });
}

/** Another camera's video alone, to switch to during a call. */
export async function openCamera(facing: Facing): Promise<MediaStreamTrack> {
  const stream = await devices().getUserMedia({ video: { facingMode: facing } });
  const [track] = stream.getVideoTracks();
  if (!track) throw new Error('no video track');
  return track;
}

/** A helper sends their voice only. */
export function openHelperMedia(): Promise<MediaStream> {
  return devices().getUserMedia({ audio: true });
}

/** Mutes or unmutes the microphone of a stream. */
export function setMicrophone(stream: MediaStream | null, on: boolean): void {
  for (const track of stream?.getAudioTracks() ?? []) track.enabled = on;
}

/** The language a seeker asks in: the app's. */
export const callLanguage = (): CallLanguage => (currentLocale() === 'en' ? 'en' : 'zh');

/** A test (and a user behind a strict NAT) may force TURN: localStorage `callIceTransport` = relay. */
export const iceTransportPolicy = (): RTCIceTransportPolicy =>
  localStorage.getItem('callIceTransport') === 'relay' ? 'relay' : 'all';

export const { trackSupportsTorch, setTorch, vibrate } = media;
