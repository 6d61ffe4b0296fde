/**
 * What a decoded code holds, named for the user: a product number, a payment code (named, never
 * opened), a link (read, opened only by the user's own action), Wi-Fi, a contact, a phone number,
 * a text message, an e-mail, or plain text. Pure: the channel turns it into words (spoken-reading.ts).
 */

/** The symbologies the channel reads (zxing-wasm's format names). */
export const PRODUCT_FORMATS = ['EAN13', 'EAN8', 'UPCA', 'UPCE'] as const;
export const CODE_FORMATS = [...PRODUCT_FORMATS, 'Code128', 'QRCode', 'DataMatrix'] as const;
export type CodeFormat = (typeof CODE_FORMATS)[number];

export type PaymentNetwork = 'wechat' | 'alipay' | 'unionpay' | 'emvco' | 'aggregator';

export type CodeReading =
  /** `code` as printed under the bars; `gtin` as the product list knows it (a UPC-E expanded). */
  | { kind: 'product'; code: string; gtin: string }
  | { kind: 'payment'; network: PaymentNetwork }
  | { kind: 'link'; href: string; host: string; rest: string }
  | { kind: 'wifi'; ssid: string; password: string; security: string }
  | { kind: 'contact'; name: string; phone: string; organisation: string }
  | { kind: 'phone'; number: string }
  | { kind: 'sms'; number: string; body: string }
  | { kind: 'email'; address: string; subject: string }
  | { kind: 'text'; text: string };

/**
 * Payment codes by where they lead. WeChat Pay's collection codes are `wxp://f2f…`; Alipay's are
 * addresses on qr.alipay.com (often upper-case, as QR alphanumeric mode encodes them) or the
 * `alipays:` scheme; UnionPay's (云闪付) are on qr.95516.com; the aggregators that most Chinese
 * shops print (ChinaUMS 银联商务, Shouqianba 收钱吧, Lakala, WeChat's own pay hosts) redirect to one of
 * those. A payload that starts with `000201` is an EMVCo merchant-presented QR (payload format
 * indicator 01), the form of UnionPay International, PromptPay, PayNow, Pix and others.
 */
const PAYMENT_SCHEMES: readonly [RegExp, PaymentNetwork][] = [
  [/^wxp:\/\//i, 'wechat'],
  [/^weixin:\/\/wxpay\//i, 'wechat'],
  [/^alipays?:\/\//i, 'alipay'],
  [/^unionpay:\/\//i, 'unionpay'],
];
const PAYMENT_HOSTS: readonly [RegExp, PaymentNetwork][] = [
  [/^(qr|render)\.alipay\.com$/, 'alipay'],
  [/^ds\.alipay\.com$/, 'alipay'],
  [/^qr\.95516\.com$/, 'unionpay'],
  [/^(payapp\.weixin\.qq\.com|wx\.tenpay\.com|payapp\.wechatpay\.cn)$/, 'wechat'],
  [/^(qr\.chinaums\.com|qr\.shouqianba\.com|wallet\.lakala\.com|q\.lakala\.com)$/, 'aggregator'],
];
/** EMVCo MPM: "00" (payload format indicator) "02" (length) "01", then further tag-length-value fields. */
const EMVCO = /^000201(\d{2}\d{2})/;

const PRODUCT = new Set<string>(PRODUCT_FORMATS);

export function classifyCode(format: CodeFormat, text: string): CodeReading {
  if (PRODUCT.has(format)) {
    const code = text.trim();
    return { kind: 'product', code, gtin: format === 'UPCE' ? upcAOfUpcE(code) : code };
  }
  const payload = text.trim();
  const payment = paymentNetwork(payload);
  if (payment) return { kind: 'payment', network: payment };
  return (
    link(payload) ??
    wifi(payload) ??
    contact(payload) ??
    phone(payload) ??
    sms(payload) ??
    email(payload) ?? { kind: 'text', text: payload }
  );
}

/**
 * A UPC-E's UPC-A: the six digits between its number system and check digit spread back out with
 * the zeros the compression took away, as the last of the six says (GS1's table).
 */
export function upcAOfUpcE(code: string): string {
  if (!/^[01]\d{7}$/.test(code)) return code;
  const [ns, d1, d2, d3, d4, d5, d6, check] = [...code] as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const body =
    d6 <= '2'
      ? `${d1}${d2}${d6}0000${d3}${d4}${d5}`
      : d6 === '3'
        ? `${d1}${d2}${d3}00000${d4}${d5}`
        : d6 === '4'
          ? `${d1}${d2}${d3}${d4}00000${d5}`
          : `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  return `${ns}${body}${check}`;
}

function paymentNetwork(payload: string): PaymentNetwork | null {
  for (const [scheme, network] of PAYMENT_SCHEMES) if (scheme.test(payload)) return network;
  if (EMVCO.test(payload)) return 'emvco';
  const host = urlOf(payload)?.hostname.toLowerCase();
  if (!host) return null;
  for (const [pattern, network] of PAYMENT_HOSTS) if (pattern.test(host)) return network;
  return null;
}

/** An http(s) address, or a bare `www.` one; never any other scheme (javascript:, file:, intent:). */
function urlOf(payload: string): URL | null {
  if (/\s/.test(payload)) return null;
  const candidate = /^www\./i.test(payload) ? `https://${payload}` : payload;
  if (!/^https?:\/\//i.test(candidate)) return null;
  try {
    return new URL(candidate);
  } catch {
    return null;
  }
}

function link(payload: string): CodeReading | null {
  const url = urlOf(payload);
  if (!url) return null;
  const host = url.hostname.replace(/^www\./i, '').toLowerCase();
  return { kind: 'link', href: url.href, host, rest: shortPath(url) };
}

/** The path's first segments, decoded and shortened: what a listener can follow; the query is left out. */
const MAX_SEGMENTS = 2;
const MAX_SEGMENT_CHARS = 24;
function shortPath(url: URL): string {
  const segments = url.pathname.split('/').filter(Boolean).map(decodeSegment);
  const kept = segments
    .slice(0, MAX_SEGMENTS)
    .map((s) => (s.length > MAX_SEGMENT_CHARS ? `${s.slice(0, MAX_SEGMENT_CHARS)}…` : s));
  const more = segments.length > MAX_SEGMENTS || url.search !== '' ? '…' : '';
  return kept.length ? `/${kept.join('/')}${more}` : more;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The fields of a `KEY:value;KEY:value;;` payload (Wi-Fi, MECARD, MATMSG), with `\;`, `\:`, `\,`
 * and `\\` unescaped. Keys upper-cased; the first of a repeated key wins.
 */
function fieldsOf(body: string): Map<string, string> {
  const fields = new Map<string, string>();
  let key = '';
  let value = '';
  let inValue = false;
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]!;
    if (c === '\\' && i + 1 < body.length) {
      const next = body[(i += 1)]!;
      if (inValue) value += next;
      else key += next;
    } else if (!inValue && c === ':') {
      inValue = true;
    } else if (c === ';') {
      const name = key.trim().toUpperCase();
      if (name && !fields.has(name)) fields.set(name, value);
      key = '';
      value = '';
      inValue = false;
    } else if (inValue) {
      value += c;
    } else {
      key += c;
    }
  }
  const name = key.trim().toUpperCase();
  if (name && inValue && !fields.has(name)) fields.set(name, value);
  return fields;
}

function wifi(payload: string): CodeReading | null {
  if (!/^WIFI:/i.test(payload)) return null;
  const f = fieldsOf(payload.slice(5));
  return { kind: 'wifi', ssid: f.get('S') ?? '', password: f.get('P') ?? '', security: f.get('T') ?? '' };
}

function contact(payload: string): CodeReading | null {
  if (/^MECARD:/i.test(payload)) {
    const f = fieldsOf(payload.slice(7));
    const [family = '', given = ''] = (f.get('N') ?? '').split(',');
    return {
      kind: 'contact',
      name: personName(family, given),
      phone: f.get('TEL') ?? '',
      organisation: f.get('ORG') ?? '',
    };
  }
  if (!/^BEGIN:VCARD/i.test(payload)) return null;
  const lines = payload.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const field = (name: string) => {
    const line = lines.find((l) => new RegExp(`^${name}[;:]`, 'i').test(l));
    return line ? line.slice(line.indexOf(':') + 1).trim() : '';
  };
  const [family = '', given = ''] = field('N').split(';');
  const name = field('FN') || personName(family, given);
  return { kind: 'contact', name, phone: field('TEL'), organisation: field('ORG').replace(/;/g, ' ').trim() };
}

/** A name from its family and given parts: a Chinese name family first with no space, others given first. */
function personName(family: string, given: string): string {
  const [f, g] = [family.trim(), given.trim()];
  return /[\u3400-\u9fff]/.test(f) ? `${f}${g}` : [g, f].filter(Boolean).join(' ');
}

function phone(payload: string): CodeReading | null {
  const m = /^tel:(.+)$/i.exec(payload);
  return m ? { kind: 'phone', number: m[1]!.trim() } : null;
}

function sms(payload: string): CodeReading | null {
  // SMSTO:number:body (the common QR form) and sms:number?body=… (the URI)
  const to = /^SMSTO:([^:]*):?([\s\S]*)$/i.exec(payload);
  if (to) return { kind: 'sms', number: to[1]!.trim(), body: to[2]!.trim() };
  const uri = /^sms:([^?]*)(?:\?(.*))?$/i.exec(payload);
  if (!uri) return null;
  const body = new URLSearchParams(uri[2] ?? '').get('body') ?? '';
  return { kind: 'sms', number: decodeSegment(uri[1]!).trim(), body: body.trim() };
}

function email(payload: string): CodeReading | null {
  if (/^MATMSG:/i.test(payload)) {
    const f = fieldsOf(payload.slice(7));
    return { kind: 'email', address: f.get('TO') ?? '', subject: f.get('SUB') ?? '' };
  }
  const m = /^mailto:([^?]*)(?:\?(.*))?$/i.exec(payload);
  if (!m) return null;
  const subject = new URLSearchParams(m[2] ?? '').get('subject') ?? '';
  return { kind: 'email', address: decodeSegment(m[1]!).trim(), subject: subject.trim() };
}
