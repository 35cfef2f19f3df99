import { useTranslation } from 'react-i18next';
import { anchorOf } from '../lib/use-text-list.ts';

/** "On this page": links to the page's sections (plain fragment links, so the browser scrolls and moves focus). */
export function TableOfContents({ base, ids }: { base: string; ids: string[] }) {
  const { t } = useTranslation();
  return (
    <nav className="toc" aria-labelledby="toc-title">
      <h2 id="toc-title" className="toc-title">
        {t('info.common.onThisPage')}
      </h2>
      <ol>
        {ids.map((id) => (
          <li key={id}>
            <a href={`#${anchorOf(id)}`}>{t(`${base}.${id}.title`)}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
