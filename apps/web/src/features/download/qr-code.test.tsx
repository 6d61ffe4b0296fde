import { render, screen } from '@testing-library/react';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QrCode } from './qr-code.tsx';

const VALUE = 'https://example.com/download';
const LABEL = '下载地址二维码';

/** The image the library draws of VALUE with these options: what the component must show. */
const drawn = (options: QRCode.QRCodeToDataURLOptions) => QRCode.toDataURL(VALUE, options);

describe('QrCode (spec §9)', () => {
  it("defaults to the library's size 100, margin 0 and level L", async () => {
    render(<QrCode value={VALUE} label={LABEL} />);
    const img = await screen.findByRole('img', { name: LABEL });
    expect(img).toHaveAttribute('width', '100');
    expect(img).toHaveAttribute('height', '100');
    expect(img.getAttribute('src')).toBe(await drawn({ width: 100, margin: 0, errorCorrectionLevel: 'L' }));
    // not the library's own margin of 4
    expect(img.getAttribute('src')).not.toBe(await drawn({ width: 100, errorCorrectionLevel: 'L' }));
  });

  it.each(['M', 'Q', 'H'] as const)('draws at error correction level %s when asked', async (level) => {
    render(<QrCode value={VALUE} label={LABEL} level={level} />);
    const img = await screen.findByRole('img', { name: LABEL });
    const src = img.getAttribute('src');
    expect(src).toBe(await drawn({ width: 100, margin: 0, errorCorrectionLevel: level }));
    expect(src).not.toBe(await drawn({ width: 100, margin: 0, errorCorrectionLevel: 'L' }));
  });
});
