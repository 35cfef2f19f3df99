import { PayoutErrors, PayoutRequestSchema, formatInr, type PayoutMethod } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payoutErrorText, requestPayout } from '../api/earnings.ts';

/** The shared schema's messages, as translation keys. */
const ERROR_KEYS = Object.fromEntries(
  Object.entries(PayoutErrors).map(([key, text]) => [text, `earnings.payout.errors.${key}`]),
);

const BANK_FIELDS = [
  ['account_holder_name', 'holder', 'name'],
  ['account_number', 'number', 'off'],
  ['ifsc_code', 'ifsc', 'off'],
  ['bank_name', 'bankName', 'organization'],
] as const;
type BankField = (typeof BANK_FIELDS)[number][0];

/**
 * The payout request (extended §2): the amount ready for payout, bank transfer (four fields) or UPI
 * (one), checked with the same schema as the server; the server's detail is shown when it refuses.
 */
export function PayoutDialog({ amount, onClose, onSuccess }: { amount: number; onClose(): void; onSuccess(): void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const [method, setMethod] = useState<PayoutMethod>('bank_transfer');
  const [bank, setBank] = useState<Record<BankField, string>>({
    account_holder_name: '',
    account_number: '',
    ifsc_code: '',
    bank_name: '',
  });
  const [upiId, setUpiId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => ref.current?.showModal(), []);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = PayoutRequestSchema.safeParse({
      payout_method: method,
      bank_details: method === 'upi' ? { upi_id: upiId } : bank,
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      return setError(ERROR_KEYS[message] ? t(ERROR_KEYS[message]) : message);
    }
    setSending(true);
    try {
      await requestPayout(parsed.data);
      onSuccess();
    } catch (err) {
      setError(payoutErrorText(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <dialog ref={ref} className="dialog" onClose={onClose} aria-labelledby="payout-title" data-testid="payout-dialog">
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <h2 id="payout-title">{t('earnings.payout.title')}</h2>
        <div className="payout-amount">
          <span className="muted">{t('earnings.payout.ready')}</span>
          <strong data-testid="payout-amount">{formatInr(amount)}</strong>
        </div>
        <label>
          {t('earnings.payout.method')}
          <select
            value={method}
            onChange={(e) => setMethod(e.target.value as PayoutMethod)}
            data-testid="payout-method"
          >
            <option value="bank_transfer">{t('earnings.payout.bank')}</option>
            <option value="upi">{t('earnings.payout.upi')}</option>
          </select>
        </label>
        {method === 'bank_transfer' ? (
          BANK_FIELDS.map(([field, label, autoComplete]) => (
            <label key={field}>
              {t(`earnings.payout.${label}`)}
              <input
                name={field}
                value={bank[field]}
                autoComplete={autoComplete}
                inputMode={field === 'account_number' ? 'numeric' : undefined}
                onChange={(e) =>
                  setBank((b) => ({
                    ...b,
                    [field]: field === 'ifsc_code' ? e.target.value.toUpperCase() : e.target.value,
                  }))
                }
                data-testid={`payout-${field}`}
              />
            </label>
          ))
        ) : (
          <label>
            {t('earnings.payout.upiId')}
            <input
              name="upi_id"
              value={upiId}
              placeholder="name@bank"
              onChange={(e) => setUpiId(e.target.value)}
              data-testid="payout-upi_id"
            />
          </label>
        )}
        {error && (
          <p className="form-error" role="alert" data-testid="payout-error">
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="button" className="button button-outline" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button" disabled={sending} data-testid="payout-submit">
            {sending ? t('earnings.payout.processing') : t('earnings.payout.submit')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
