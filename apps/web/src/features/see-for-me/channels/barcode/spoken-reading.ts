import type { ChannelControl, ChannelCue, CueWords } from '../live-channel.ts';
import type { CodeReading } from './payload.ts';

const NS = 'channel-barcode';
const words = (key: string, params?: Record<string, string>): CueWords => ({ key: `${NS}:${key}`, params });

/** Longest text read out of a code: a code can hold a few kilobytes, a listener wants the start. */
const MAX_TEXT_CHARS = 300;
const clip = (text: string) => (text.length > MAX_TEXT_CHARS ? `${text.slice(0, MAX_TEXT_CHARS)}…` : text);

/**
 * A product number digit by digit ("6 9 0 1 …"): a speech engine reads "6901234567892" as one
 * large number, which nobody can check against the package.
 */
export const spacedDigits = (code: string) => code.split('').join(' ');

/** A link's path for the ear: its segments apart, not "slash". */
const spokenPath = (rest: string) => rest.split('/').filter(Boolean).join(' ');

/** Opens a link: only ever from the user's own press of 打开链接. */
export type OpenLink = (href: string) => void;

/**
 * The cue that reads a code (its product name is the channel's to add, product-names.ts). A link
 * comes with the screen's 打开链接 button, whose press alone opens it; any other reading clears the
 * button a link before it left, so it never stands beside another code's words.
 */
export function readingCue(reading: CodeReading, twoDimensional: boolean, open: OpenLink): ChannelCue {
  return {
    ...spoken(reading, twoDimensional),
    controls: reading.kind === 'link' ? [openLinkControl(reading.href, open)] : [],
  };
}

const openLinkControl = (href: string, open: OpenLink): ChannelControl => ({
  kind: 'action',
  id: 'open-link',
  label: words('openLink'),
  run: () => {
    open(href);
    return Promise.resolve([]);
  },
});

function spoken(reading: CodeReading, twoDimensional: boolean): ChannelCue {
  switch (reading.kind) {
    case 'product':
      return { say: words('product', { digits: spacedDigits(reading.code) }) };
    case 'payment':
      return { say: words(`payment.${reading.network}`) };
    case 'link': {
      const path = spokenPath(reading.rest);
      return {
        say: path ? words('linkPath', { host: reading.host, path }) : words('link', { host: reading.host }),
      };
    }
    case 'wifi':
      return {
        say: reading.password
          ? words('wifi', { ssid: reading.ssid, password: reading.password })
          : words('wifiOpen', { ssid: reading.ssid }),
      };
    case 'contact': {
      const details = [reading.name, reading.phone, reading.organisation].filter(Boolean).join(', ');
      return { say: words('contact', { details }) };
    }
    case 'phone':
      return { say: words('phone', { number: reading.number }) };
    case 'sms':
      return {
        say: reading.body
          ? words('smsBody', { number: reading.number, body: clip(reading.body) })
          : words('sms', { number: reading.number }),
      };
    case 'email':
      return {
        say: reading.subject
          ? words('emailSubject', { address: reading.address, subject: reading.subject })
          : words('email', { address: reading.address }),
      };
    case 'text':
      return { say: words(twoDimensional ? 'qrText' : 'barText', { text: clip(reading.text) }) };
  }
}

/** A product's name (and notes) when the lookup answers: with its number, or alone when that was said. */
export function productNameCue(
  product: { code: string; name: string; notes: string },
  numberSaid: boolean,
): ChannelCue {
  const notes = product.notes.trim();
  const params = { name: product.name, notes, digits: spacedDigits(product.code) };
  if (numberSaid) return { say: words(notes ? 'productNameNotes' : 'productName', params) };
  return { say: words(notes ? 'productNamedNotes' : 'productNamed', params), controls: [] };
}
