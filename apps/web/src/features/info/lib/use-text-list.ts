import { useTranslation } from 'react-i18next';

/** How many entries the translated list at `key` has (0 when there is none). */
export function useListLength(key: string): number {
  const { t, i18n } = useTranslation();
  if (!i18n.exists(key)) return 0;
  const value: unknown = t(key, { returnObjects: true });
  return Array.isArray(value) ? value.length : 0;
}

/** `whoWeAre` → `who-we-are`: section keys become readable URL fragments. */
export const anchorOf = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
