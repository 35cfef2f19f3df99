import { VideoCategories } from '@app/shared';
import type { TFunction } from 'i18next';

/** A category from an address (any case) by its name in the chosen language, as the category lists write it. */
export function categoryName(t: TFunction, category: string): string {
  const known = VideoCategories.find((c) => c.toLowerCase() === category.toLowerCase()) ?? category;
  return t(`clips.category.${known}`, { defaultValue: known });
}
