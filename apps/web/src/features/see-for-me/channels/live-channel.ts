/**
 * A live channel: a scene mode that looks at the camera continuously on the device (instant text,
 * document, barcodes, colour, light, find, people). The scene's live behaviour (../scene/live-run.ts)
 * grabs a frame at the registry entry's interval, skips one that shows what the last one showed,
 * never queues work behind a busy channel (a stale frame is dropped, not analysed late) and turns
 * the cues the channel returns into speech, the status line, tones and vibration.
 *
 * A channel is a registry entry whose `live` loads one of these, plus the channel's own folder under
 * channels/; nothing else in the scene knows it.
 */

/** One frame, downsized on the device so its longer side is at most the channel's `frameSide`. */
export interface LiveFrame {
  pixels: ImageData;
  /** performance.now() when the frame was grabbed: frame → word is measured from here. */
  grabbedAt: number;
}

/** Something to say: an i18n key with its parameters, or text read off the world (not translated). */
export type CueWords = { key: string; params?: Record<string, string> } | { text: string };

export interface ToneCue {
  frequencyHz: number;
  durationMs: number;
  /** 0..1 of the speech volume. */
  gain?: number;
}

/** A button the screen shows for the channel ("打开链接", "保存"): the user's explicit act. */
export interface ChannelAction {
  kind: 'action';
  id: string;
  label: CueWords;
  run(): Promise<ChannelCue[]>;
}

/** A choice the screen shows as a labelled list (what to find): the chosen value, and what choosing does. */
export interface ChannelChoice {
  kind: 'choice';
  id: string;
  label: CueWords;
  options: readonly { value: string; label: CueWords }[];
  value: string;
  choose(value: string): Promise<ChannelCue[]>;
}

export type ChannelControl = ChannelAction | ChannelChoice;

/** What a channel asks for after one frame (or a tap). Every field is optional. */
export interface ChannelCue {
  /** Spoken and shown on the status line (announced once: the status is marked spoken). */
  say?: CueWords;
  /** Stop what is being said before saying this (new text replaced the old in view). */
  interrupt?: boolean;
  /** Stop speech without saying anything (the view changed; what was read is gone). */
  hush?: boolean;
  /** Shown only, not spoken (a level that changes every frame). */
  show?: CueWords;
  tone?: ToneCue;
  /** A continuous tone that follows the frames (light): a frequency, or null to silence it. */
  hum?: { frequencyHz: number; gain?: number } | null;
  vibrate?: number[];
  /**
   * The controls the screen shows from now on, in place of the last ones ([] clears them): a QR
   * code's 打开链接 (an action whose run opens the link: never followed by itself), 保存 after a
   * document, what to find. Cleared when the mode changes or the page hides.
   */
  controls?: ChannelControl[];
}

export interface LiveChannel {
  /** The longest side of the frames it wants (frames are scaled down to it, never up). */
  readonly frameSide: number;
  /**
   * Frames whose view print matches the last analysed one are skipped (text already read); a
   * channel whose answer follows every frame (light's hum) says false.
   */
  readonly skipUnchanged: boolean;
  /** Looks at one frame. Aborted when the mode changes, the page hides or the camera leaves. */
  look(frame: LiveFrame, signal: AbortSignal): Promise<ChannelCue[]>;
  /** A tap in this mode (the light level spoken, the colours of a garment, a capture now). */
  tap?(frame: LiveFrame, signal: AbortSignal): Promise<ChannelCue[]>;
  /** A question asked by voice or typed in this mode ("灯开着吗"): cues, or null when not its own. */
  ask?(question: string, frame: LiveFrame, signal: AbortSignal): Promise<ChannelCue[] | null>;
  /** The mode ended: timers, workers and audio it holds are released. */
  dispose(): void;
}

/** The registry entry's loader: a dynamic import, so a channel's code and models load with its mode. */
export type LiveChannelLoader = () => Promise<LiveChannel>;
