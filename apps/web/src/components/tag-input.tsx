import { ClipLimits } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Tags added with Enter or Add, trimmed and unique, each removable. */
export function TagInput({
  tags,
  onChange,
  disabled,
}: {
  tags: string[];
  onChange(tags: string[]): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const full = tags.length >= ClipLimits.tagsMax;
  const add = () => {
    const tag = text.trim();
    if (tag && !tags.includes(tag) && !full) onChange([...tags, tag]);
    setText('');
  };
  return (
    <div className="tag-input">
      <div className="tag-input-row">
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault(); // Enter adds a tag; it never submits the form
              add();
            }
          }}
          maxLength={ClipLimits.tagMax}
          placeholder={t('clips.creator.tagPlaceholder')}
          aria-label={t('clips.creator.tags')}
          disabled={disabled || full}
          data-testid="tag-input"
        />
        <button
          type="button"
          className="button button-secondary"
          onClick={add}
          disabled={disabled || full || !text.trim()}
          data-testid="add-tag"
        >
          {t('clips.creator.addTag')}
        </button>
      </div>
      {tags.length > 0 && (
        <ul className="tag-chips" data-testid="tag-list">
          {tags.map((tag) => (
            <li key={tag} className="tag-chip">
              <span>#{tag}</span>
              <button
                type="button"
                className="icon-button tag-remove"
                onClick={() => onChange(tags.filter((x) => x !== tag))}
                aria-label={t('clips.creator.removeTag', { tag })}
                disabled={disabled}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
