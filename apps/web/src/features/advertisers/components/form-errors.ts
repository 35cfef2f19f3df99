import { AdvertiserErrors } from '@app/shared';

const KEYS = Object.fromEntries(
  Object.entries(AdvertiserErrors).map(([key, text]) => [text, `advertiser.validation.${key}`]),
);

/** The translation key of a shared-schema message (the schemas speak English), or of a fallback message. */
export const errorKey = (message: string | undefined, fallback: string): string =>
  KEYS[message ?? ''] ?? KEYS[fallback]!;
