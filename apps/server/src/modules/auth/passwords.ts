import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { serviceUnavailable } from '../../http/errors.ts';
import { Semaphore } from '../../lib/semaphore.ts';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

// N=2^15, r=8, p=1: ~32 MiB and ~50 ms per hash on this class of machine (OWASP's scrypt floor is 2^17 with
// p=1 for 128 MiB; we stay at 2^15 so a 2-core box can still take a burst of sign-ins).
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/** "scrypt$N$r$p$salt$key" (base64url parts), so parameters can be raised later without a migration. */
async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const key = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(key, expected);
}

export const PASSWORD_BUSY = 'Too many sign-ins are being checked right now. Please try again in a moment.';

/**
 * scrypt runs on libuv's small thread pool (4 threads by default), which file and media I/O share: a
 * burst of sign-ins would stall every download. So at most `concurrency` hashes run at once, a bounded
 * number wait, and the rest are refused with 503 and Retry-After instead of queueing without end.
 */
export class PasswordHasher {
  private readonly gate: Semaphore;
  private decoy: Promise<string> | undefined;

  constructor(private readonly limits: { concurrency: number; queue: number }) {
    this.gate = new Semaphore(limits.concurrency);
  }

  hash(password: string): Promise<string> {
    return this.gated(() => hashPassword(password));
  }

  verify(password: string, stored: string): Promise<boolean> {
    return this.gated(() => verifyPassword(password, stored));
  }

  /** Checks against a hash of nothing in particular when the email is unknown, so both paths take as long. */
  async verifyDecoy(password: string): Promise<void> {
    this.decoy ??= this.hash(randomBytes(16).toString('hex')).catch((err: unknown) => {
      this.decoy = undefined; // refused while busy: make it on a later call
      throw err;
    });
    await this.verify(password, await this.decoy);
  }

  private async gated<T>(work: () => Promise<T>): Promise<T> {
    if (this.gate.waiting >= this.limits.queue)
      throw serviceUnavailable(PASSWORD_BUSY, 1, { code: 'password_check_busy' });
    await this.gate.acquire();
    try {
      return await work();
    } finally {
      this.gate.release();
    }
  }
}
