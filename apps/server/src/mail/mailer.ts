import type { Logger } from 'pino';
import type { MailConfig } from '../config.ts';

/** One plain-text mail. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Where mail goes: an SMTP server, or (without SMTP_URL) the log. */
export interface MailTransport {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer, loaded only when configured. */
async function smtpTransport(smtpUrl: string, from: string): Promise<MailTransport> {
  const { createTransport } = await import('nodemailer');
  // nodemailer waits minutes by default; a stuck server should not hold a mail (or a shutdown) that long
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP_URL each mail, link included, is printed to the log so a developer can follow it.
 * It is the one place a link is ever logged; with SMTP configured no token or link is.
 */
function logTransport(logger: Logger): MailTransport {
  return {
    send(mail) {
      logger.info(
        { to: mail.to, subject: mail.subject },
        `mail (SMTP_URL is not set, so it is printed here):\n${mail.text}`,
      );
      return Promise.resolve();
    },
    close: () => undefined,
  };
}

/**
 * Sends mail off the request path: a request queues the work (which may look things up and issue a
 * token) and is answered at once, so a slow or failing SMTP server neither delays nor fails it, and an
 * answer takes as long whether a mail is sent or not. A failure is logged, without the mail, and the
 * work is dropped: every mail can be asked for again.
 */
export class Mailer {
  readonly #pending = new Set<Promise<void>>();

  constructor(
    private readonly transport: MailTransport,
    private readonly logger: Logger,
  ) {}

  /** `kind` names the mail in the log; `compose` returns the mail to send, or null for none. */
  later(kind: string, compose: () => Promise<Mail | null>): void {
    const run = (async () => {
      await new Promise<void>((resolve) => setImmediate(resolve)); // after the answer is on its way
      const mail = await compose();
      if (mail) await this.transport.send(mail);
    })().catch((err: unknown) => {
      // the error alone: a transport error can quote the conversation, never the mail's text
      this.logger.error({ kind, error: err instanceof Error ? err.message : String(err) }, 'mail not sent');
    });
    this.#pending.add(run);
    void run.finally(() => this.#pending.delete(run));
  }

  /** Resolves when every queued mail has been sent or given up (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    this.transport.close();
  }
}

export async function createMailer(config: MailConfig, env: string, logger: Logger): Promise<Mailer> {
  const log = logger.child({ component: 'mail' });
  if (!config.smtpUrl && env === 'production') {
    log.warn(
      'SMTP_URL is not set: no mail is sent. Address verification and password reset links are only printed to ' +
        'this log, so nobody can verify an address or reset a password. Set SMTP_URL (smtp:// or smtps://).',
    );
  }
  const transport = config.smtpUrl ? await smtpTransport(config.smtpUrl, config.from) : logTransport(log);
  return new Mailer(transport, log);
}
