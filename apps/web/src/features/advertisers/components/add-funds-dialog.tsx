import { AddFundsSchema, AdvertiserErrors, formatInr } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addFunds, advertiserErrorText } from '../api/advertiser.ts';
import { errorKey } from './form-errors.ts';

/** Current balance and an amount: at least ₹1000, in steps of ₹100 (checked again by the server). */
export function AddFundsDialog({ balance, onClose, onAdded }: { balance: number; onClose(): void; onAdded(): void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const [amount, setAmount] = useState('1000');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // one key per dialog: a double submit or a retry after a timeout is charged once
  const [key] = useState(() => crypto.randomUUID());
  useEffect(() => ref.current?.showModal(), []);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = AddFundsSchema.safeParse({ amount: amount.trim() === '' ? undefined : Number(amount) });
    if (!parsed.success) return setError(t(errorKey(parsed.error.issues[0]?.message, AdvertiserErrors.fundsMin)));
    setBusy(true);
    try {
      await addFunds(Number(amount), key);
      onAdded();
    } catch (err) {
      console.error(err); // the spec: add-funds errors are logged; the reason is shown in the dialog too
      setError(advertiserErrorText(err, 'advertiser.errors.funds'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="dialog" onClose={onClose} aria-labelledby="funds-title" data-testid="funds-dialog">
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <h2 id="funds-title">{t('advertiser.funds.title')}</h2>
        <div className="payout-amount">
          <span className="muted">{t('advertiser.funds.current')}</span>
          <strong data-testid="funds-balance">{formatInr(balance)}</strong>
        </div>
        <label>
          {t('advertiser.funds.amount')}
          <input
            type="number"
            min="1000"
            step="100"
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-describedby="funds-help"
            required
            data-testid="funds-amount"
          />
        </label>
        <p id="funds-help" className="muted">
          {t('advertiser.funds.help')}
        </p>
        {error && (
          <p className="form-error" role="alert" data-testid="funds-error">
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="button" className="button button-outline" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button" disabled={busy} data-testid="funds-submit">
            {busy ? t('advertiser.working') : t('advertiser.funds.submit')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
