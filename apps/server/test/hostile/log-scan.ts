/**
 * Finds secrets in log lines. A line is JSON (pino); the secrets are the values a session handled
 * (passwords, tokens, phone numbers, codes, keys, photo bytes) and must appear in no line at all,
 * whatever field or message they would hide in.
 */

export interface Leak {
  secret: string;
  line: string;
}

/**
 * The embedded SMS sender writes the login code to the log on purpose (without a gateway that line
 * is how an operator signs in; the phone in it is masked): its code is the one allowed secret.
 */
const SMS_CODE_LINE = '"msg":"sms code issued"';
/** The name under which a caller passes an SMS code among its secrets. */
export const SMS_CODE = 'sms code';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A digits-only secret must stand alone (a code is not a leak inside a longer timestamp). */
const pattern = (value: string) =>
  /^\d+$/.test(value) ? new RegExp(`(?<!\\d)${value}(?!\\d)`) : new RegExp(escape(value));

export function findLeaks(lines: readonly string[], secrets: Record<string, string>): Leak[] {
  const leaks: Leak[] = [];
  const checks = Object.entries(secrets)
    .filter(([, value]) => value.length >= 6)
    .map(([name, value]) => ({ name, test: pattern(value), code: name === SMS_CODE }));
  for (const line of lines) {
    for (const { name, test, code } of checks) {
      if (code && line.includes(SMS_CODE_LINE)) continue;
      if (test.test(line)) leaks.push({ secret: name, line: line.slice(0, 500) });
    }
  }
  return leaks;
}

/**
 * Secrets recognised by their shape, for logs whose session values are not known (a browser suite's
 * server): tokens, phone numbers, photo data, passwords and keys that a log line must never hold.
 */
const SUSPECT_SHAPES: [string, RegExp][] = [
  ['a token (JWT)', /eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{10,}/],
  // bounded by non-word characters: a mobile number, not digits inside a time, an id or the
  // fraction of a duration
  ['a phone number', /(?<![\w*.-])1[3-9]\d{9}(?![\w-])/],
  ['photo data (base64)', /\/9j\/4AA|iVBORw0KGgo|UklGR[A-Za-z0-9+/]{6}XRUJQ|[A-Za-z0-9+/]{300,}/],
  ['a password', /"(?:password|newPassword|currentPassword|oldPassword)":"(?!\[redacted\])/],
  ['a refresh token', /"refreshToken":"(?!\[redacted\])/],
  ['a bearer credential', /Bearer [\w.-]{20,}/],
  ['a private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
];

export function findSuspectLines(lines: readonly string[]): Leak[] {
  return lines.flatMap((line) =>
    SUSPECT_SHAPES.filter(([, shape]) => shape.test(line)).map(([secret]) => ({
      secret,
      line: line.slice(0, 500),
    })),
  );
}
