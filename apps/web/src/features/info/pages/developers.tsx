import { ApiReference } from '../components/api-reference.tsx';
import { InfoPage } from '../components/info-page.tsx';

/** Also served at /docs/api: one reference, read live from the server's OpenAPI document. */
export function DevelopersPage() {
  return (
    <InfoPage
      name="developers"
      actions={[
        { to: '/docs/quickstart', label: 'info.developers.quickstart', primary: true },
        { to: '/docs', label: 'pages.docs' },
      ]}
      blocks={['basics', 'auth', { id: 'reference', content: <ApiReference /> }]}
    />
  );
}
