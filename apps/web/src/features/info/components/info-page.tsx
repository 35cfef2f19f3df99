import type { ReactNode } from 'react';
import { InfoHero, type InfoAction } from './info-hero.tsx';
import { InfoSection } from './info-section.tsx';
import { TableOfContents } from './table-of-contents.tsx';

/** A section: its key under the page's translations, and anything it shows beyond text. */
export type InfoBlock = string | { id: string; content: ReactNode };

interface Props {
  /** translations live under `info.<name>`; the title is `pages.<name>` unless `title` is given */
  name: string;
  title?: string;
  blocks: InfoBlock[];
  values?: Record<string, unknown>;
  actions?: InfoAction[];
  /** shown between the hero and the sections */
  notice?: ReactNode;
}

const TOC_FROM = 3;

/** The shared shape of every information page: a hero, "on this page" links, then the sections. */
export function InfoPage({ name, title, blocks, values, actions, notice }: Props) {
  const base = `info.${name}`;
  const ids = blocks.map((b) => (typeof b === 'string' ? b : b.id));
  const withToc = ids.length >= TOC_FROM;
  return (
    <article className="page info-page" data-testid={`info-${name}`}>
      <InfoHero title={title ?? `pages.${name}`} lead={`${base}.lead`} values={values} actions={actions} />
      {notice}
      <div className={withToc ? 'info-layout has-toc' : 'info-layout'}>
        {withToc && <TableOfContents base={base} ids={ids} />}
        <div className="info-body">
          {blocks.map((b) =>
            typeof b === 'string' ? (
              <InfoSection key={b} k={`${base}.${b}`} id={b} values={values} />
            ) : (
              <InfoSection key={b.id} k={`${base}.${b.id}`} id={b.id} values={values}>
                {b.content}
              </InfoSection>
            ),
          )}
        </div>
      </div>
    </article>
  );
}
