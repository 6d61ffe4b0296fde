import type { SpeechRecognizer } from './asr/speech-recognizer.ts';
import type { ChatModel } from './chat/chat-model.ts';
import type { SpeechSynthesizer } from './tts/speech-synthesizer.ts';
import type { VisionEngine } from './vision/vision-engine.ts';

/** The AI behind the features, one per capability (each made by its engines/<capability> factory). */
export interface Engines {
  vision: VisionEngine;
  synthesizer: SpeechSynthesizer;
  /** null: no recognizer is configured, recognition is unavailable. */
  recognizer: SpeechRecognizer | null;
  /** null: no chat model is configured (none ships offline). */
  chat: ChatModel | null;
}
