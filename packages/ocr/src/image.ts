/** 8-bit RGB, row-major, 3 bytes per pixel: what the OCR stages read. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}
