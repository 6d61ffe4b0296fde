/** The vision engine contract the server uses for /api/vision/analyze (create-vision-engine.ts picks one). */
import type { PhotoProblem, Scenario, Verbosity } from '@sfm/protocol';
import type { EncodedImage } from './image-pipeline.ts';

export interface VisionRequest extends EncodedImage {
  scenario: Scenario;
  /** The user's question (qa, question, dialogue) or an extra instruction. */
  prompt?: string;
  /** How much the user wants to hear, for an engine that can answer at either length. */
  verbosity?: Verbosity;
  signal?: AbortSignal;
}

export interface VisionResult {
  /** Spoken-style Chinese text, ready for TTS. */
  description: string;
  /** The engine found the photo unusable (a cloud model can say so): the user is told how to retake it. */
  unusablePhoto?: PhotoProblem;
}

export interface VisionEngine {
  readonly name: string;
  /**
   * The engine reads the photo's pixels (an in-process model) rather than sending the JPEG on: the
   * quality check then measures those pixels instead of decoding the photo a second time.
   */
  readonly readsPixels?: boolean;
  /** Loads models / checks configuration once; later analyses reuse what it loaded. */
  warmUp(): Promise<void>;
  analyze(req: VisionRequest): Promise<VisionResult>;
  close(): Promise<void>;
}
