import { describe, expect, it } from 'vitest';
import { withoutMetadata } from './jpeg-metadata.ts';

const segment = (marker: number, payload: string) => {
  const body = Buffer.from(payload, 'latin1');
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};
const SOI = Buffer.from([0xff, 0xd8]);
const scan = Buffer.from([0xff, 0xda, 0x00, 0x02, 1, 2, 3, 0xff, 0xe1, 4, 0xff, 0xd9]);
const jfif = segment(0xe0, 'JFIF\0');
const adobe = segment(0xee, 'Adobe');
const quant = segment(0xdb, 'tables');

describe('withoutMetadata', () => {
  it('drops EXIF, XMP, IPTC and comments, keeping JFIF, Adobe, the tables and the scan as they were', () => {
    const jpeg = Buffer.concat([
      SOI,
      jfif,
      segment(0xe1, 'Exif\0\0GPS'),
      segment(0xe1, 'http://ns.adobe.com/xap/1.0/'),
      adobe,
      segment(0xed, 'Photoshop 3.0 IPTC'),
      segment(0xfe, 'a comment'),
      quant,
      scan,
    ]);
    expect(withoutMetadata(jpeg)).toEqual(Buffer.concat([SOI, jfif, adobe, quant, scan]));
  });

  it('gives back the same buffer when there is nothing to drop, with fill bytes before a marker', () => {
    const jpeg = Buffer.concat([SOI, Buffer.from([0xff]), jfif, quant, scan]);
    expect(withoutMetadata(jpeg)).toBe(jpeg);
  });

  it('refuses what it does not understand rather than guess', () => {
    expect(withoutMetadata(Buffer.from('not a jpeg'))).toBeNull();
    expect(withoutMetadata(Buffer.concat([SOI, jfif]))).toBeNull(); // no scan
    const truncated = Buffer.concat([SOI, segment(0xe1, 'Exif')]).subarray(0, 8);
    expect(withoutMetadata(Buffer.concat([truncated, scan]))).toBeNull();
    expect(withoutMetadata(Buffer.concat([SOI, Buffer.from([0x00, 0x01]), scan]))).toBeNull();
  });
});
