// No zod here: what the web app needs at start (the wallet's network) loads without the schema library.

/** SIWE constants shared by server (message issuer) and client (network switch). */
export const Siwe = {
  chainId: 137,
  chainIdHex: '0x89',
  version: '1',
  ttlMinutes: 10,
} as const;
