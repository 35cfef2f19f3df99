import { useTranslation } from 'react-i18next';
import { SectionNote, TextBlocks } from './text-blocks.tsx';

/** Expandable topics (native details/summary: keyboard and screen readers work without extra code). */
export function DisclosureList({
  base,
  ids,
  values,
}: {
  base: string;
  ids: string[];
  values?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  return (
    <div className="info-disclosures">
      {ids.map((id) => (
        <details key={id} className="card info-disclosure" data-testid={`topic-${id}`}>
          <summary>
            <h3>{t(`${base}.${id}.title`, values)}</h3>
          </summary>
          <TextBlocks k={`${base}.${id}`} values={values} />
          <SectionNote k={`${base}.${id}`} values={values} />
        </details>
      ))}
    </div>
  );
}
