import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** Spec §5: error correction levels L, M, Q, H (default L). */
export type QrLevel = 'L' | 'M' | 'Q' | 'H';

export interface QrCodeProps {
  value: string;
  /** Its accessible name: what the code holds, said in words. */
  label: string;
  /** Side in CSS pixels; spec §9: the library's default is 100, the download page's 140. */
  size?: number;
  level?: QrLevel;
}

/**
 * A QR code of `value` as an image (the library picks the smallest of versions 1–40 that holds it),
 * with no margin of its own (spec §9): the page's white around it is the quiet zone.
 */
export function QrCode({ value, label, size = 100, level = 'L' }: QrCodeProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { width: size, margin: 0, errorCorrectionLevel: level }).then(
      (url) => {
        if (live) setSrc(url);
      },
      (error: unknown) => console.warn('QR code not drawn', error),
    );
    return () => {
      live = false;
    };
  }, [value, size, level]);
  if (!src) return null;
  return <img className="qr-code" src={src} alt={label} width={size} height={size} />;
}
