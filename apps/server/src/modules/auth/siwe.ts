import { Siwe } from '@app/shared';
import { type Hex, getAddress, isAddress, recoverMessageAddress } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';

export interface SiweExpectations {
  publicUrl: URL;
  now: Date;
}

/** Builds the EIP-4361 message a wallet signs; the nonce is stored by the caller. */
export function buildSiweMessage(address: string, nonce: string, { publicUrl, now }: SiweExpectations): string {
  return createSiweMessage({
    domain: publicUrl.host,
    address: getAddress(address),
    statement: 'Sign in to Tarang. This request will not trigger a blockchain transaction or cost any gas.',
    uri: publicUrl.origin,
    version: Siwe.version,
    chainId: Siwe.chainId,
    nonce,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + Siwe.ttlMinutes * 60_000),
  });
}

const CLOCK_SKEW_MS = 60_000;

/**
 * Checks everything in the message that does not need the database and returns its nonce, or a
 * reason it is refused. The signature is checked separately, against the exact text signed.
 */
export function checkSiweMessage(
  message: string,
  walletAddress: string,
  { publicUrl, now }: SiweExpectations,
): { ok: true; nonce: string } | { ok: false; reason: string } {
  const parsed = parseSiweMessage(message);
  const refuse = (reason: string) => ({ ok: false as const, reason });
  if (
    !parsed.address ||
    !parsed.nonce ||
    !parsed.domain ||
    !parsed.uri ||
    !parsed.version ||
    parsed.chainId === undefined
  ) {
    return refuse('Invalid sign-in message');
  }
  if (!isAddress(parsed.address, { strict: false }) || getAddress(parsed.address) !== getAddress(walletAddress)) {
    return refuse('The signed message is for a different wallet');
  }
  if (parsed.domain !== publicUrl.host) return refuse('The signed message is for a different site');
  if (!sameOrigin(parsed.uri, publicUrl)) return refuse('The signed message is for a different site');
  if (parsed.version !== Siwe.version) return refuse('Unsupported sign-in message version');
  if (parsed.chainId !== Siwe.chainId) return refuse('The signed message is for a different network');
  const t = now.getTime();
  if (!parsed.issuedAt || Number.isNaN(parsed.issuedAt.getTime())) return refuse('Invalid sign-in message');
  if (parsed.issuedAt.getTime() > t + CLOCK_SKEW_MS) return refuse('The sign-in message is not valid yet');
  if (t - parsed.issuedAt.getTime() > Siwe.ttlMinutes * 60_000) return refuse('The sign-in message has expired');
  if (!parsed.expirationTime || parsed.expirationTime.getTime() <= t) return refuse('The sign-in message has expired');
  if (parsed.notBefore && parsed.notBefore.getTime() > t + CLOCK_SKEW_MS)
    return refuse('The sign-in message is not valid yet');
  return { ok: true, nonce: parsed.nonce };
}

function sameOrigin(uri: string, publicUrl: URL): boolean {
  try {
    return new URL(uri).origin === publicUrl.origin;
  } catch {
    return false;
  }
}

/** The address that signed `message` (EIP-191 personal_sign), or undefined for a bad signature. */
export async function recoverSigner(message: string, signature: string): Promise<string | undefined> {
  try {
    return getAddress(await recoverMessageAddress({ message, signature: signature as Hex }));
  } catch {
    return undefined;
  }
}
