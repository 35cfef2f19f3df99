import { PayoutErrors, PayoutRequestSchema, type PayoutMethod } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialog.tsx';
import { payoutErrorText, useRequestPayout } from '../api/earnings.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

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
 * The payout request: the amount ready for payout, bank transfer (four fields) or UPI
 * (one), checked with the same schema as the server; the server's detail is shown when it refuses.
 */
export function PayoutDialog({ amount, onClose, onSuccess }: { amount: number; onClose(): void; onSuccess(): void }) {
  const { t } = useTranslation();
  const format = useFormats();
  const [method, setMethod] = useState<PayoutMethod>('bank_transfer');
  const [bank, setBank] = useState<Record<BankField, string>>({
    account_holder_name: '',
    account_number: '',
    ifsc_code: '',
    bank_name: '',
  });
  const [upiId, setUpiId] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const payout = useRequestPayout();

  const submit = () => {
    const parsed = PayoutRequestSchema.safeParse({
      payout_method: method,
      bank_details: method === 'upi' ? { upi_id: upiId } : bank,
    });
    const message = parsed.success ? null : (parsed.error.issues[0]?.message ?? '');
    setInvalid(message === null ? null : ERROR_KEYS[message] ? t(ERROR_KEYS[message]) : message);
    if (parsed.success) payout.mutate(parsed.data, { onSuccess });
  };

  return (
    <FormDialog
      name="payout"
      title={t('earnings.payout.title')}
      onClose={onClose}
      onSubmit={submit}
      error={invalid ?? (payout.error && payoutErrorText(payout.error))}
      submitLabel={t('earnings.payout.submit')}
      busy={payout.isPending}
      busyLabel={t('earnings.payout.processing')}
    >
      <div className="payout-amount">
        <span className="muted">{t('earnings.payout.ready')}</span>
        <strong data-testid="payout-amount">{format.inr(amount)}</strong>
      </div>
      <label>
        {t('earnings.payout.method')}
        <select value={method} onChange={(e) => setMethod(e.target.value as PayoutMethod)} data-testid="payout-method">
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
    </FormDialog>
  );
}
