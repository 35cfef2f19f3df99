import { TipAmountSchema, formatTokens } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const ref = useRef<HTMLDialogElement>(null);
  const [amount, setAmount] = useState('1');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = Number(amount);
    if (!TipAmountSchema.safeParse(value).success) return setError(t('videos.tipInvalid'));
    if (value > balance) return setError(t('videos.tipInsufficient'));
    onTip(value);
    onClose();
  };

  return (
    <dialog ref={ref} className="dialog" onClose={onClose} aria-labelledby="tip-title" data-testid="tip-dialog">
      <form onSubmit={submit} className="form">
        <h2 id="tip-title">{t('videos.tipTitle')}</h2>
        <p className="muted">{t('videos.balance', { amount: formatTokens(balance) })}</p>
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
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="button" className="button button-outline" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button" data-testid="send-tip">
            {t('videos.sendTip')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
