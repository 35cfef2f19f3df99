import { AdvertiserAccountCreateSchema, AdvertiserErrors } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { advertiserErrorText, useCreateAdvertiserAccount } from '../api/advertiser.ts';
import { errorKey } from './form-errors.ts';

/** The spec's create-account form: company name, contact email, optional phone. */
export function CreateAccountForm() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ company_name: '', contact_email: '', contact_phone: '' });
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useCreateAdvertiserAccount();
  const error = invalid ?? (create.error && advertiserErrorText(create.error, 'advertiser.errors.createAccount'));
  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = AdvertiserAccountCreateSchema.safeParse(form);
    setInvalid(parsed.success ? null : t(errorKey(parsed.error.issues[0]?.message, AdvertiserErrors.company)));
    if (parsed.success) create.mutate(parsed.data);
  };

  return (
    <section className="card advertiser-create" data-testid="advertiser-create">
      <h1>{t('advertiser.create.title')}</h1>
      <p className="muted">{t('advertiser.create.body')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <label>
          {t('advertiser.create.company')}
          <input
            name="company_name"
            value={form.company_name}
            onChange={set('company_name')}
            autoComplete="organization"
            required
            data-testid="advertiser-company"
          />
        </label>
        <label>
          {t('advertiser.create.email')}
          <input
            name="contact_email"
            type="email"
            value={form.contact_email}
            onChange={set('contact_email')}
            autoComplete="email"
            required
            data-testid="advertiser-email"
          />
        </label>
        <label>
          {t('advertiser.create.phone')}
          <input
            name="contact_phone"
            type="tel"
            value={form.contact_phone}
            onChange={set('contact_phone')}
            autoComplete="tel"
            data-testid="advertiser-phone"
          />
        </label>
        {error && (
          <p className="form-error" role="alert" data-testid="advertiser-create-error">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={create.isPending} data-testid="advertiser-create-submit">
          {create.isPending ? t('advertiser.working') : t('advertiser.create.submit')}
        </button>
      </form>
    </section>
  );
}
