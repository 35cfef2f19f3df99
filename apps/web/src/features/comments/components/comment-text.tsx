import { linkify } from '../lib/linkify.ts';

/** A comment's text as React text; addresses are links that search engines and the browser do not follow. */
export function CommentText({ text }: { text: string }) {
  return (
    <p className="comment-text" data-testid="comment-text">
      {linkify(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="nofollow ugc noopener">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
