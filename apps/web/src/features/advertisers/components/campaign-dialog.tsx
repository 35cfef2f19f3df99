import { AdRules, AdvertiserErrors, CampaignCreateSchema, VideoCategories, formatInr, formatRupees } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { advertiserErrorText, createCampaign } from '../api/advertiser.ts';
import { errorKey } from './form-errors.ts';

/** A real campaign: title, description, target category, budget (at most the balance), daily budget, optional link. */
export function CampaignDialog({
  balance,
  onClose,
  onCreated,
}: {
  balance: number;
  onClose(): void;
  onCreated(): void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState({
    title: '',
    description: '',
    target_category: '',
    budget: '',
    daily_budget: '',
    landing_url: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => ref.current?.showModal(), []);
  const set =
    (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setForm((f) => ({ ...f, [field]: e.target.value }));
  const number = (v: string) => (v.trim() === '' ? undefined : Number(v));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = {
      ...form,
      target_category: form.target_category || undefined,
      budget: number(form.budget),
      daily_budget: number(form.daily_budget),
    };
    const parsed = CampaignCreateSchema.safeParse(body);
    if (!parsed.success) return setError(t(errorKey(parsed.error.issues[0]?.message, AdvertiserErrors.title)));
    if (Number(form.budget) > balance) return setError(t('advertiser.campaign.overBalance'));
    setBusy(true);
    try {
      await createCampaign({
        ...form,
        budget: Number(form.budget),
        daily_budget: Number(form.daily_budget),
        landing_url: form.landing_url || undefined,
      });
      onCreated();
    } catch (err) {
      setError(advertiserErrorText(err, 'advertiser.errors.campaign'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className="dialog dialog-wide"
      onClose={onClose}
      aria-labelledby="campaign-title"
      data-testid="campaign-dialog"
    >
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="dialog-head">
          <h2 id="campaign-title">{t('advertiser.campaign.title')}</h2>
          <span className="muted">{t('advertiser.campaign.available', { amount: formatInr(balance) })}</span>
        </div>
        <label>
          {t('advertiser.campaign.name')}
          <input
            name="title"
            value={form.title}
            onChange={set('title')}
            maxLength={100}
            required
            data-testid="campaign-title-input"
          />
        </label>
        <label>
          {t('advertiser.campaign.description')}
          <textarea
            name="description"
            rows={3}
            value={form.description}
            onChange={set('description')}
            maxLength={500}
            data-testid="campaign-description"
          />
        </label>
        <label>
          {t('advertiser.campaign.category')}
          <select
            name="target_category"
            value={form.target_category}
            onChange={set('target_category')}
            required
            data-testid="campaign-category"
          >
            <option value="">{t('advertiser.campaign.chooseCategory')}</option>
            {VideoCategories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <div className="form-row">
          <label>
            {t('advertiser.campaign.budget')}
            <input
              name="budget"
              type="number"
              min="100"
              step="1"
              value={form.budget}
              onChange={set('budget')}
              required
              data-testid="campaign-budget"
            />
          </label>
          <label>
            {t('advertiser.campaign.dailyBudget')}
            <input
              name="daily_budget"
              type="number"
              min="10"
              step="1"
              value={form.daily_budget}
              onChange={set('daily_budget')}
              required
              data-testid="campaign-daily-budget"
            />
          </label>
        </div>
        <label>
          {t('advertiser.campaign.link')}
          <input
            name="landing_url"
            type="url"
            placeholder="https://"
            value={form.landing_url}
            onChange={set('landing_url')}
            data-testid="campaign-link"
          />
        </label>
        <p className="muted">
          {t('advertiser.campaign.pricing', {
            impression: formatRupees(AdRules.impressionPrice),
            click: formatRupees(AdRules.clickPrice),
          })}
        </p>
        {error && (
          <p className="form-error" role="alert" data-testid="campaign-error">
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="button" className="button button-outline" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button" disabled={busy} data-testid="campaign-submit">
            {busy ? t('advertiser.working') : t('advertiser.campaign.submit')}
          </button>
          <Link to="/contact" className="link-button">
            {t('advertiser.campaign.contactSales')}
          </Link>
        </div>
      </form>
    </dialog>
  );
}
