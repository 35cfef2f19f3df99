import { ClipCategories, ClipDurations } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClipFilters } from '../api/clips.ts';

interface Props {
  filters: ClipFilters;
  onChange(next: ClipFilters): void;
}

/** Category and length toggles (a second press clears), a creator wallet search, Clear Filters. */
export function ClipFilterBar({ filters, onChange }: Props) {
  const { t } = useTranslation();
  const [creator, setCreator] = useState(filters.creator ?? '');
  const active = Boolean(filters.category || filters.duration || filters.creator);
  const toggle = (key: 'category' | 'duration', value: string | number) =>
    onChange({ ...filters, [key]: filters[key] === value ? undefined : value });

  return (
    <div className="clip-filters" aria-label={t('clips.filters')} role="group">
      <div className="chips" role="group" aria-label={t('clips.categories')}>
        {ClipCategories.map((c) => (
          <button
            key={c}
            type="button"
            className={`chip${filters.category === c ? ' chip-active' : ''}`}
            aria-pressed={filters.category === c}
            onClick={() => toggle('category', c)}
            data-testid={`category-${c}`}
          >
            {t(`clips.category.${c}`)}
          </button>
        ))}
      </div>
      <div className="clip-filter-row">
        <div className="chips chips-inline" role="group" aria-label={t('clips.durations')}>
          {ClipDurations.map((d) => (
            <button
              key={d}
              type="button"
              className={`chip${filters.duration === d ? ' chip-active' : ''}`}
              aria-pressed={filters.duration === d}
              onClick={() => toggle('duration', d)}
              data-testid={`duration-${d}`}
            >
              {t('clips.seconds', { count: d })}
            </button>
          ))}
        </div>
        <form
          className="creator-search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            onChange({ ...filters, creator: creator.trim() || undefined });
          }}
        >
          <input
            value={creator}
            onChange={(e) => setCreator(e.target.value)}
            placeholder={t('clips.creatorSearch')}
            aria-label={t('clips.creatorSearch')}
            maxLength={64}
            data-testid="creator-search"
          />
          <button type="submit" className="button button-secondary">
            {t('clips.search')}
          </button>
        </form>
        {active && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setCreator('');
              onChange({});
            }}
            data-testid="clear-filters"
          >
            {t('clips.clearFilters')}
          </button>
        )}
      </div>
    </div>
  );
}
