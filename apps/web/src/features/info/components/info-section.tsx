import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { anchorOf } from '../lib/use-text-list.ts';
import { SectionNote, TextBlocks } from './text-blocks.tsx';

interface Props {
  /** translation object of the section: title, and optional body, items, steps, facts, note */
  k: string;
  id: string;
  values?: Record<string, unknown>;
  /** what the section shows beyond its text (cards, tables…), placed before its note */
  children?: ReactNode;
}

export function InfoSection({ k, id, values, children }: Props) {
  const { t } = useTranslation();
  const anchor = anchorOf(id);
  return (
    <section className="info-section" id={anchor} aria-labelledby={`${anchor}-title`}>
      <h2 id={`${anchor}-title`}>{t(`${k}.title`, values)}</h2>
      <TextBlocks k={k} values={values} />
      {children}
      <SectionNote k={k} values={values} />
    </section>
  );
}
