// An independent RFC 6238 TOTP (HMAC-SHA1 over node:crypto, RFC 4648 base32), used by the tests
// to compute the codes an authenticator app would show, so the server's otplib is checked
// against something other than itself.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP with dynamic truncation. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const stepOf = (epochSeconds: number, period = 30): number => Math.floor(epochSeconds / period);

/** RFC 6238 TOTP at a Unix time in seconds. */
export function totp(key: Buffer, epochSeconds: number, digits = 6, period = 30): string {
  return hotp(key, stepOf(epochSeconds, period), digits);
}

/** The code an authenticator app shows for a base32 key, `stepsAhead` steps from now. */
export function codeFor(base32Secret: string, stepsAhead = 0, now = Date.now()): string {
  return totp(base32Decode(base32Secret), Math.floor(now / 1000) + stepsAhead * 30);
}
