import { InfoPage } from '../components/info-page.tsx';

export function CopyrightPage() {
  return (
    <InfoPage
      name="copyright"
      actions={[{ to: '/report', label: 'info.copyright.report', primary: true }]}
      blocks={['ownership', 'notice', 'process', 'counter', 'exceptions', 'cid']}
    />
  );
}
