/** The card's language badge: Education and News → hindi, Art → tamil, Tutorial → bengali, others english. */
export function languageBadge(category: string | undefined): string {
  switch (category?.toLowerCase()) {
    case undefined:
    case '':
    case 'education':
    case 'news':
      return 'hindi';
    case 'art':
      return 'tamil';
    case 'tutorial':
      return 'bengali';
    default:
      return 'english';
  }
}
