/** The vision engine's stages, for the vision bench's profile (see @sfm/ocr's stage-timer.ts). */
import type { OcrStage, StageTimer as TimerOf } from '@sfm/ocr';

export { timed } from '@sfm/ocr';

export type Stage = 'decode' | OcrStage | 'objects' | 'compose';

export type StageTimer = TimerOf<Stage>;
