import { useTranslation } from 'react-i18next';
import { useListLength } from '../lib/use-text-list.ts';
import { RichText } from './rich-text.tsx';

type Values = Record<string, unknown>;

function Paragraphs({ k, values }: { k: string; values?: Values }) {
  const n = useListLength(k);
  return Array.from({ length: n }, (_, i) => (
    <p key={i}>
      <RichText k={`${k}.${i}`} values={values} />
    </p>
  ));
}

function List({ k, values, ordered }: { k: string; values?: Values; ordered?: boolean }) {
  const n = useListLength(k);
  if (n === 0) return null;
  const items = Array.from({ length: n }, (_, i) => (
    <li key={i}>
      <RichText k={`${k}.${i}`} values={values} />
    </li>
  ));
  return ordered ? <ol className="info-steps">{items}</ol> : <ul className="info-list">{items}</ul>;
}

function Facts({ k, values }: { k: string; values?: Values }) {
  const n = useListLength(k);
  if (n === 0) return null;
  return (
    <dl className="facts info-facts">
      {Array.from({ length: n }, (_, i) => (
        <div key={i} className="info-fact">
          <dt>
            <RichText k={`${k}.${i}.term`} values={values} />
          </dt>
          <dd>
            <RichText k={`${k}.${i}.detail`} values={values} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The text of one section, from the translation object at `k`: `body` (paragraphs), `items`
 * (a list), `steps` (numbered) and `facts` (term and detail pairs), each optional.
 */
export function TextBlocks({ k, values }: { k: string; values?: Values }) {
  return (
    <>
      <Paragraphs k={`${k}.body`} values={values} />
      <List k={`${k}.items`} values={values} />
      <List k={`${k}.steps`} values={values} ordered />
      <Facts k={`${k}.facts`} values={values} />
    </>
  );
}

/** The optional `note` of a section, set apart as a notice. */
export function SectionNote({ k, values }: { k: string; values?: Values }) {
  const { i18n } = useTranslation();
  if (!i18n.exists(`${k}.note`)) return null;
  return (
    <p className="notice info-note">
      <RichText k={`${k}.note`} values={values} />
    </p>
  );
}
