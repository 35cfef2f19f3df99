import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
}

/**
 * A real SMTP server in the test process: the app sends to it over SMTP (with credentials) and tests
 * read what arrived, as a person reads their inbox.
 */
export class SmtpInbox {
  readonly received: ReceivedMail[] = [];
  readonly #waiters = new Set<() => void>();
  #server: SMTPServer | undefined;
  #port = 0;

  static readonly USER = 'mailer';
  static readonly PASS = 's3cret-pass';

  async start(): Promise<this> {
    this.#server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true, // plain smtp:// on loopback
      hideSTARTTLS: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (auth, _session, done) => {
        if (auth.username === SmtpInbox.USER && auth.password === SmtpInbox.PASS) done(null, { user: auth.username });
        else done(new Error('Invalid username or password'));
      },
      onData: (stream, session, done) => {
        simpleParser(stream).then(
          (parsed) => {
            this.received.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            });
            for (const wake of this.#waiters) wake();
            done();
          },
          (err: Error) => done(err),
        );
      },
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.#port = (this.#server.server.address() as AddressInfo).port;
    return this;
  }

  /** The SMTP_URL that reaches this inbox. */
  get url(): string {
    return `smtp://${SmtpInbox.USER}:${SmtpInbox.PASS}@127.0.0.1:${this.#port}`;
  }

  /** Mails received so far for one address. */
  mailsTo(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** Waits for the `count`-th mail to an address (the next one by default) and returns it. */
  async waitFor(address: string, count = this.mailsTo(address).length + 1, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    while (this.mailsTo(address).length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail #${count} to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.#waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.#waiters.add(wake);
      });
    }
    return this.mailsTo(address)[count - 1]!;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}

/** The link to one of the app's pages in a mail's text, as a URL. */
export function linkIn(mail: ReceivedMail, page: 'verify-email' | 'reset-password'): URL {
  const match = new RegExp(`https?://\\S+/${page}\\?token=[\\w-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in mail "${mail.subject}":\n${mail.text}`);
  return new URL(match[0]);
}

/** The token a mailed link carries. */
export const tokenIn = (mail: ReceivedMail, page: 'verify-email' | 'reset-password'): string =>
  linkIn(mail, page).searchParams.get('token')!;
