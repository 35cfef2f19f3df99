import { describe, expect, it } from 'vitest';
import { createLogger } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { createMailer } from './mailer.ts';
import { linkTo, verifyEmailMail } from './messages.ts';

async function mailerWith(env: Record<string, string>) {
  const lines: Array<{ level: number; msg: string }> = [];
  const config = loadConfig({ LOG_LEVEL: 'info', ...env });
  const logger = createLogger(config, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { mailer: await createMailer(config.mail, config.env, logger), lines };
}

describe('mail without SMTP_URL', () => {
  it('prints each mail, link included, to the log in development', async () => {
    const { mailer, lines } = await mailerWith({});
    const link = linkTo(new URL('http://localhost:3000'), 'verify-email', 'abc_-123');
    expect(link).toBe('http://localhost:3000/verify-email?token=abc_-123');
    mailer.later('verify_email', () => verifyEmailMail('en', 'dev@example.com', link, 24));
    await mailer.close();
    const printed = lines.filter((l) => l.msg.includes('SMTP_URL is not set, so it is printed here'));
    expect(printed).toHaveLength(1);
    expect(printed[0]!.msg).toContain(link);
    expect(lines.some((l) => l.level === 40)).toBe(false);
  });

  it('warns loudly at a production start', async () => {
    const { mailer, lines } = await mailerWith({ NODE_ENV: 'production' });
    await mailer.close();
    const warnings = lines.filter((l) => l.level === 40 && l.msg.includes('SMTP_URL is not set: no mail is sent'));
    expect(warnings).toHaveLength(1);
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL must be an smtp/);
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).mail.smtpUrl).toBe(
      'smtps://u:p@mail.example.com:465',
    );
  });
});
