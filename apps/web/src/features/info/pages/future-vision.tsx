import { useTranslation } from 'react-i18next';
import { ActionRow } from '../components/info-hero.tsx';
import { InfoPage } from '../components/info-page.tsx';

const ROADMAP = ['liveGlobal', 'aiTools', 'crossPlatform', 'interactive', 'governance', 'nfts', 'socialGraph'];

function Roadmap() {
  const { t } = useTranslation();
  return (
    <ol className="timeline">
      {ROADMAP.map((id) => (
        <li key={id} className="card timeline-item">
          <h3>{t(`info.futureVision.roadmap.${id}.title`)}</h3>
          <p className="muted">{t(`info.futureVision.roadmap.${id}.when`)}</p>
          <p>{t(`info.futureVision.roadmap.${id}.body`)}</p>
        </li>
      ))}
    </ol>
  );
}

export function FutureVisionPage() {
  return (
    <InfoPage
      name="futureVision"
      blocks={[
        { id: 'roadmap', content: <Roadmap /> },
        'principles',
        {
          id: 'join',
          content: (
            <ActionRow
              actions={[
                { to: '/login', label: 'info.futureVision.joinAction', primary: true },
                { to: '/about', label: 'info.futureVision.aboutAction' },
                { to: '/feature-requests', label: 'info.futureVision.ideaAction' },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
