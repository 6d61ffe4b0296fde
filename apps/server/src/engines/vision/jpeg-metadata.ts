/**
 * A JPEG without its metadata segments (EXIF with its GPS position and camera serial, XMP, IPTC,
 * comments), the compressed image left byte for byte as it was: what lets a photo that is already
 * upright and small enough be kept without decoding and re-encoding it (≈ 30 ms of CPU per photo).
 */

const SOI = 0xd8;
const SOS = 0xda;
const APP0 = 0xe0;
/** Adobe's segment says how the colour channels were coded: dropping it would change the colours. */
const APP14 = 0xee;
const COM = 0xfe;

/** Markers with no length field after them (TEM, RST0–7, SOI, EOI). */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);

/** APP1–APP13 and APP15 carry metadata (APP0 is JFIF's own header); COM is free text. */
const isMetadata = (marker: number) =>
  (marker > APP0 && marker <= 0xef && marker !== APP14) || marker === COM;

/**
 * The JPEG without metadata segments; the same buffer when it had none; null when its header is not
 * the plain structure read here (the caller then takes the slow, decoding way).
 */
export function withoutMetadata(jpeg: Buffer): Buffer | null {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== SOI) return null;
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let dropped = false;
  let at = 2;
  for (;;) {
    if (at + 4 > jpeg.length || jpeg[at] !== 0xff) return null;
    let markerAt = at + 1;
    while (jpeg[markerAt] === 0xff) markerAt++; // fill bytes before a marker are allowed
    const marker = jpeg[markerAt];
    if (marker === undefined || standalone(marker)) return null;
    if (marker === SOS) {
      kept.push(jpeg.subarray(at));
      break;
    }
    const length = jpeg.readUInt16BE(markerAt + 1);
    const end = markerAt + 1 + length;
    if (length < 2 || end > jpeg.length) return null;
    if (isMetadata(marker)) dropped = true;
    else kept.push(jpeg.subarray(at, end));
    at = end;
  }
  return dropped ? Buffer.concat(kept) : jpeg;
}
