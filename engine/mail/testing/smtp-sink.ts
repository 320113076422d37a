// A real SMTP server for tests (smtp-server on loopback, no TLS, no auth), keeping every
// message it accepts. It can be stopped and started again on the same port, to play an outage,
// and told to hold its answers, to play a server slow to answer.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { parseMail, type ParsedMail } from './mime.js';

export interface ReceivedMail extends ParsedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
}

export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | undefined;
  private waiters: (() => void)[] = [];
  /** Answers kept back while the sink holds them; undefined when it answers at once. */
  private held: (() => void)[] | undefined;

  private constructor(
    public port: number,
    private readonly delayMs: number,
  ) {}

  /** A sink listening on 127.0.0.1 (port 0: any free port), answering each message after `delayMs`. */
  static async start(port = 0, delayMs = 0): Promise<SmtpSink> {
    const sink = new SmtpSink(port, delayMs);
    await sink.up();
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const from = session.envelope.mailFrom;
          this.received.push({
            ...parseMail(raw),
            envelopeFrom: from ? from.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          for (const w of this.waiters.splice(0)) w();
          const answer = () => setTimeout(() => callback(), this.delayMs);
          if (this.held) this.held.push(answer);
          else answer();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Keeps every message received from now on unanswered until release(): the sender waits. */
  hold(): void {
    this.held ??= [];
  }

  /** Answers the messages held, and answers at once again. */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const answer of held) answer();
  }

  /** Stops listening; the port stays this sink's, for up() to reuse. */
  async down(): Promise<void> {
    // A connection waiting for its answer would hold the server open for half a minute.
    this.release();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves once `count` messages have arrived (or fails after `ms`). */
  async waitFor(count: number, ms = 10_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + ms;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} mail(s), received ${this.received.length}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.received;
  }
}
