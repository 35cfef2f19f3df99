import { AdRules, AdvertiserErrors, CampaignCreateSchema, VideoCategories } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormDialog } from '../../../components/dialog.tsx';
import { advertiserErrorText, useCreateCampaign } from '../api/advertiser.ts';
import { errorKey } from './form-errors.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

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
  const format = useFormats();
  const [form, setForm] = useState({
    title: '',
    description: '',
    target_category: '',
    budget: '',
    daily_budget: '',
    landing_url: '',
  });
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useCreateCampaign();
  const set =
    (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setForm((f) => ({ ...f, [field]: e.target.value }));
  const number = (v: string) => (v.trim() === '' ? undefined : Number(v));

  const submit = () => {
    const body = {
      ...form,
      target_category: form.target_category || undefined,
      budget: number(form.budget),
      daily_budget: number(form.daily_budget),
    };
    const parsed = CampaignCreateSchema.safeParse(body);
    if (!parsed.success) return setInvalid(t(errorKey(parsed.error.issues[0]?.message, AdvertiserErrors.title)));
    if (Number(form.budget) > balance) return setInvalid(t('advertiser.campaign.overBalance'));
    setInvalid(null);
    create.mutate(
      {
        ...form,
        budget: Number(form.budget),
        daily_budget: Number(form.daily_budget),
        landing_url: form.landing_url || undefined,
      },
      { onSuccess: onCreated },
    );
  };

  return (
    <FormDialog
      name="campaign"
      wide
      title={t('advertiser.campaign.title')}
      aside={<span className="muted">{t('advertiser.campaign.available', { amount: format.inr(balance) })}</span>}
      onClose={onClose}
      onSubmit={submit}
      error={invalid ?? (create.error && advertiserErrorText(create.error, 'advertiser.errors.campaign'))}
      submitLabel={t('advertiser.campaign.submit')}
      busy={create.isPending}
      busyLabel={t('advertiser.working')}
      actions={
        <Link to="/contact" className="link-button">
          {t('advertiser.campaign.contactSales')}
        </Link>
      }
    >
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
              {t(`clips.category.${c}`)}
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
          impression: format.rupees(AdRules.impressionPrice),
          click: format.rupees(AdRules.clickPrice),
        })}
      </p>
    </FormDialog>
  );
}
