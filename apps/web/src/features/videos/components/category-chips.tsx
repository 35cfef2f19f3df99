import { useTranslation } from 'react-i18next';

/** The spec's chips, each a video category the upload form offers (VideoCategories). */
export const CHIPS = [
  { id: 'all', category: undefined },
  { id: 'web3', category: 'web3' },
  { id: 'defi', category: 'defi' },
  { id: 'nfts', category: 'nft' },
  { id: 'gaming', category: 'gaming' },
  { id: 'education', category: 'education' },
  { id: 'technology', category: 'technology' },
  { id: 'news', category: 'news' },
] as const;

export type ChipId = (typeof CHIPS)[number]['id'];

export function CategoryChips({ active, onSelect }: { active: ChipId; onSelect(id: ChipId): void }) {
  const { t } = useTranslation();
  return (
    <div className="chips" role="toolbar" aria-label={t('videos.filters')}>
      {CHIPS.map((c) => (
        <button
          key={c.id}
          type="button"
          className={`chip${active === c.id ? ' chip-active' : ''}`}
          aria-pressed={active === c.id}
          onClick={() => onSelect(c.id)}
        >
          {t(`videos.chips.${c.id}`)}
        </button>
      ))}
    </div>
  );
}
