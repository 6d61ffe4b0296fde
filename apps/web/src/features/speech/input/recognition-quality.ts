/**
 * Spec §9 recognition quality configs, and which recognizer follows which:
 * - high (48 kHz, interim results): the device's streaming recognizers, as spec §4 sets them at app
 *   start. The browser's recognizer gets its interim results from here. Its sample rate cannot be
 *   set: neither the Web Speech API nor the native plugin takes one (each captures at the rate it
 *   chooses), so 48 kHz stays the value for a recognizer that would.
 * - low (16 kHz, no interim results): the server's. /speech is sent 16 kHz PCM (its protocol allows
 *   no other rate); a recording uploaded whole gets one final result and no interim ones. Realtime
 *   /speech keeps its interim results on purpose (see CLOUD_RECOGNITION_OPTIONS).
 */
export const RECOGNITION_QUALITY = {
  high: { sampleRate: 48_000, interimResults: true },
  low: { sampleRate: 16_000, interimResults: false },
} as const;
