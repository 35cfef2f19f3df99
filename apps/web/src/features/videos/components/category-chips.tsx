import { useTranslation } from 'react-i18next';

/** The spec's chips; ours filter for real (the ones without a matching category search by keyword). */
export const CHIPS = [
  { id: 'all', category: undefined, q: undefined },
  { id: 'web3', category: undefined, q: 'web3' },
  { id: 'defi', category: undefined, q: 'defi' },
  { id: 'nfts', category: undefined, q: 'nft' },
  { id: 'gaming', category: 'gaming', q: undefined },
  { id: 'education', category: 'education', q: undefined },
  { id: 'technology', category: 'technology', q: undefined },
  { id: 'news', category: 'news', q: undefined },
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
