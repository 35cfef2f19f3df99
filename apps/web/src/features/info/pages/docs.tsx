import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CardGrid } from '../components/card-grid.tsx';
import { InfoPage } from '../components/info-page.tsx';
import { DevelopersPage } from './developers.tsx';
import { QuickstartPage } from './quickstart.tsx';

const GUIDES = [
  { id: 'api', to: '/docs/api', icon: '⌘' },
  { id: 'quickstart', to: '/docs/quickstart', icon: '▶' },
  { id: 'sdk', to: '/docs/sdk', icon: '⚙' },
  { id: 'contracts', to: '/docs/contracts', icon: '✍' },
  { id: 'components', to: '/docs/components', icon: '❖' },
];

/** Short notes for the documents the static pages link to that have no long guide. */
const NOTES: Record<string, string[]> = {
  sdk: ['what', 'generate'],
  contracts: ['what', 'signing'],
  components: ['what', 'where'],
};

function DocsIndex({ missing }: { missing?: string }) {
  const { t } = useTranslation();
  const notice = missing ? (
    <p className="notice notice-inline" role="status" data-testid="docs-missing">
      {t('info.docs.missing', { name: missing })}
    </p>
  ) : undefined;
  return (
    <InfoPage
      name="docs"
      notice={notice}
      blocks={[{ id: 'guides', content: <CardGrid base="info.docs.guides" cards={GUIDES} /> }]}
    />
  );
}

/** /docs, /docs/api (the developer reference), /docs/quickstart and the short notes; anything else: the index. */
export function DocsPage() {
  const doc = (useParams()['*'] ?? '').replace(/\/+$/, '');
  if (doc === '') return <DocsIndex />;
  if (doc === 'api') return <DevelopersPage />;
  if (doc === 'quickstart') return <QuickstartPage />;
  const note = NOTES[doc];
  if (note) {
    const name = `doc${doc[0]!.toUpperCase()}${doc.slice(1)}`;
    return (
      <InfoPage
        key={name}
        name={name}
        title={`info.${name}.title`}
        actions={[{ to: '/docs', label: 'info.docs.back' }]}
        blocks={note}
      />
    );
  }
  return <DocsIndex missing={doc} />;
}
