import type { PhotoSize } from '@sfm/protocol/user-photos';
import { base64OfBlob, downsizePhotoFile } from './photo-downsize.ts';

export interface PickedPhoto {
  /** The downsized JPEG, for a preview. */
  blob: Blob;
  /** The same as base64, what the API takes. */
  base64: string;
}

interface PhotoPickerProps {
  /** The control's text and the file input's accessible name ("choose a photo"). */
  label: string;
  size: PhotoSize;
  onPicked: (photo: PickedPhoto) => void;
  /** The file was not an image the device can read. */
  onUnreadable: () => void;
}

/**
 * A file input that looks like a button: its label is its name, so screen readers say what it does,
 * and the native app's web view offers the camera and the gallery from the same input. The chosen
 * photo is downsized here, before anything leaves the device.
 */
export function PhotoPicker({ label, size, onPicked, onUnreadable }: PhotoPickerProps) {
  const choose = async (file: File | undefined) => {
    if (!file) return;
    try {
      const blob = await downsizePhotoFile(file, size);
      onPicked({ blob, base64: await base64OfBlob(blob) });
    } catch {
      onUnreadable();
    }
  };
  return (
    <label className="button button--secondary photo-picker">
      <input
        type="file"
        accept="image/*"
        className="visually-hidden"
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {label}
    </label>
  );
}
