import { TipAmountSchema } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialog.tsx';
import { useFormats } from '../../../lib/i18n/formatting.ts';

/** Amount ≥ 0.1 in steps of 0.1, never above the balance; the dialog is a native <dialog> (Escape closes). */
export function TipDialog({
  balance,
  onTip,
  onClose,
}: {
  balance: number;
  onTip(amount: number): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  const [amount, setAmount] = useState('1');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const value = Number(amount);
    if (!TipAmountSchema.safeParse(value).success) return setError(t('videos.tipInvalid'));
    if (value > balance) return setError(t('videos.tipInsufficient'));
    onTip(value);
    onClose();
  };

  return (
    <FormDialog
      name="tip"
      title={t('videos.tipTitle')}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      submitLabel={t('videos.sendTip')}
    >
      <p className="muted">{t('videos.balance', { amount: format.tokens(balance) })}</p>
      <label>
        {t('videos.tipAmount')}
        <input
          type="number"
          min="0.1"
          step="0.1"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          autoFocus
          data-testid="tip-amount"
        />
      </label>
    </FormDialog>
  );
}
