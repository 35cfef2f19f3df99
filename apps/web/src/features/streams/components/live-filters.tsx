import { StreamCategories } from '@app/shared';
import { useTranslation } from 'react-i18next';
import type { StreamFilters, StreamStatusFilter } from '../api/streams.ts';

const STATUSES: StreamStatusFilter[] = ['live', 'scheduled', 'ended', 'all'];

/** Status toggles (live, upcoming, ended, all) and the category dropdown. */
export function LiveFilters({ filters, onChange }: { filters: StreamFilters; onChange(next: StreamFilters): void }) {
  const { t } = useTranslation();
  return (
    <div className="live-filters">
      <div className="chips chips-inline" role="radiogroup" aria-label={t('live.statusFilter')}>
        {STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            role="radio"
            aria-checked={filters.status === status}
            className={`chip${filters.status === status ? ' chip-active' : ''}`}
            onClick={() => onChange({ ...filters, status })}
            data-testid={`status-${status}`}
          >
            {t(`live.status.${status}`)}
          </button>
        ))}
      </div>
      <label className="select-label">
        <span className="sr-only">{t('live.categoryFilter')}</span>
        <select
          value={filters.category ?? ''}
          onChange={(e) =>
            onChange({ ...filters, category: (e.target.value || undefined) as StreamFilters['category'] })
          }
          data-testid="category-filter"
        >
          <option value="">{t('live.allCategories')}</option>
          {StreamCategories.map((c) => (
            <option key={c} value={c}>
              {t(`clips.category.${c}`, { defaultValue: c })}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
