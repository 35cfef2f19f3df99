import { describe, expect, it } from 'vitest';
import { languageBadge } from './language-badge.ts';

describe('language badge', () => {
  it.each([
    ['Education', 'hindi'],
    ['News', 'hindi'],
    ['Art', 'tamil'],
    ['Tutorial', 'bengali'],
    ['Gaming', 'english'],
    [undefined, 'hindi'],
  ])('%s → %s', (category, badge) => expect(languageBadge(category)).toBe(badge));
});
