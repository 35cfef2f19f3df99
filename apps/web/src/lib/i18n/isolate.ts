/** First strong isolate … pop directional isolate: the plain-text form of <bdi>. */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * A person's own text (a title, a name) set apart from the sentence a translation puts it in, so
 * its direction comes from its own first letter: an English title in an Urdu sentence keeps its
 * punctuation at its end, and the sentence's words stay in their order around it. For text that
 * goes through t(); in JSX, <bdi> does the same.
 */
export const isolate = (text: string): string => `${FSI}${text}${PDI}`;
