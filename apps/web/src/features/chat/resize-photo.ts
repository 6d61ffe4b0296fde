/**
 * The chat's photos (spec §9): any photo — a camera frame or a chosen file — becomes a JPEG whose
 * longest side is at most 800 px (so width and height both within the spec's 800, the proportions
 * kept, never enlarged), at quality 0.7, before it is stored or sent.
 */
import { CHAT_IMAGE } from '@sfm/protocol/chat';
import { downsizeImage, downsizePhotoFile } from '../../ui/photo-downsize.ts';

export { base64OfBlob } from '../../ui/photo-downsize.ts';

/** A chosen file as the chat's photo. */
export const photoFromFile = (file: Blob): Promise<Blob> => downsizePhotoFile(file, CHAT_IMAGE);

/** The current frame of a playing camera video as the chat's photo. */
export function photoFromVideo(video: HTMLVideoElement): Promise<Blob> {
  return downsizeImage(video, video.videoWidth, video.videoHeight, CHAT_IMAGE);
}
