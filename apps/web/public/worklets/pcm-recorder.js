/* global sampleRate, registerProcessor, AudioWorkletProcessor */
/**
 * PCM recorder (spec §9): mono, resampled to 16 kHz, 16-bit little-endian frames of 4096 samples,
 * posted to the main thread as ArrayBuffers. A file (not a Blob URL) because the CSP allows only
 * same-origin scripts.
 */
const TARGET_RATE = 16000;
const FRAME_SAMPLES = 4096;

class PcmRecorder extends AudioWorkletProcessor {
  constructor() {
    super();
    this.ratio = sampleRate / TARGET_RATE;
    this.position = 0;
    this.frame = new Int16Array(FRAME_SAMPLES);
    this.filled = 0;
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (!channel) return true;
    // linear-interpolation resampling from the context rate to 16 kHz
    while (this.position < channel.length) {
      const i = Math.floor(this.position);
      const frac = this.position - i;
      const a = channel[i] || 0;
      const b = i + 1 < channel.length ? channel[i + 1] : a;
      const s = Math.max(-1, Math.min(1, a + (b - a) * frac));
      this.frame[this.filled++] = s < 0 ? s * 0x8000 : s * 0x7fff;
      if (this.filled === FRAME_SAMPLES) {
        this.port.postMessage(this.frame.buffer, [this.frame.buffer]);
        this.frame = new Int16Array(FRAME_SAMPLES);
        this.filled = 0;
      }
      this.position += this.ratio;
    }
    this.position -= channel.length;
    return true;
  }
}

registerProcessor('pcm-recorder', PcmRecorder);
