// Sending one outbox row over SMTP with nodemailer. Errors are described without secrets: the
// SMTP password from SMTP_URL never reaches a log line or the outbox's last_error.
import { createTransport } from 'nodemailer';
import type { ClaimedMail } from './claim.js';

export interface MailSender {
  send(mail: ClaimedMail): Promise<void>;
  close(): void;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function smtpSender(smtpUrl: string, from: string): MailSender {
  const url = new URL(smtpUrl);
  const secrets = [url.password, url.username].map((s) => decodeURIComponent(s)).filter((s) => s.length >= 3);
  const transport = createTransport({
    url: smtpUrl,
    // A plain relay or test server on this machine offers no STARTTLS worth negotiating.
    ignoreTLS: url.protocol === 'smtp:' && LOOPBACK.has(url.hostname),
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from,
          to: mail.recipient,
          cc: mail.cc ?? undefined,
          subject: mail.subject,
          text: mail.body_text,
          html: mail.body_html ?? undefined,
        });
      } catch (err) {
        throw new Error(describeError(err, secrets));
      }
    },
    close() {
      transport.close();
    },
  };
}

/** `code responseCode message`, with any credential of the SMTP URL blanked out. */
export function describeError(err: unknown, secrets: string[]): string {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  let out = [e.code, e.responseCode, e.message ?? String(err)].filter((p) => p !== undefined && p !== '').join(' ');
  for (const s of secrets) out = out.split(s).join('***');
  return out;
}
