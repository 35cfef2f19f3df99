import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('keeps text without addresses as one text part', () => {
    expect(linkify('Nice video!')).toEqual([{ kind: 'text', text: 'Nice video!' }]);
  });

  it('turns http and https addresses into links, leaving the trailing punctuation as text', () => {
    expect(linkify('See https://example.com/a?b=1. And http://x.org')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. And ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org' },
    ]);
  });

  it('never links other schemes or markup', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '<a href="https://x.org">x</a>'])
      expect(linkify(text).filter((p) => p.kind === 'link' && !p.href.startsWith('https://'))).toEqual([]);
    expect(linkify('<a href="https://x.org">x</a>')).toContainEqual({
      kind: 'link',
      text: 'https://x.org',
      href: 'https://x.org',
    });
  });
});
