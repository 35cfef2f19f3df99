import { AddFundsSchema, AdvertiserErrors } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialog.tsx';
import { advertiserErrorText, useAddFunds } from '../api/advertiser.ts';
import { errorKey } from './form-errors.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

/** Current balance and an amount: at least ₹1000, in steps of ₹100 (checked again by the server). */
export function AddFundsDialog({ balance, onClose, onAdded }: { balance: number; onClose(): void; onAdded(): void }) {
  const { t } = useTranslation();
  const format = useFormats();
  const [amount, setAmount] = useState('1000');
  const [invalid, setInvalid] = useState<string | null>(null);
  // one key per dialog: a double submit or a retry after a timeout is charged once
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const add = useAddFunds();

  const submit = () => {
    const parsed = AddFundsSchema.safeParse({ amount: amount.trim() === '' ? undefined : Number(amount) });
    setInvalid(parsed.success ? null : t(errorKey(parsed.error.issues[0]?.message, AdvertiserErrors.fundsMin)));
    if (!parsed.success) return;
    add.mutate(
      { amount: Number(amount), idempotencyKey },
      {
        onSuccess: onAdded,
        onError: (err) => console.error(err), // add-funds errors are logged; the reason is shown in the dialog too
      },
    );
  };

  return (
    <FormDialog
      name="funds"
      title={t('advertiser.funds.title')}
      onClose={onClose}
      onSubmit={submit}
      error={invalid ?? (add.error && advertiserErrorText(add.error, 'advertiser.errors.funds'))}
      submitLabel={t('advertiser.funds.submit')}
      busy={add.isPending}
      busyLabel={t('advertiser.working')}
    >
      <div className="payout-amount">
        <span className="muted">{t('advertiser.funds.current')}</span>
        <strong data-testid="funds-balance">{format.inr(balance)}</strong>
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
    </FormDialog>
  );
}
