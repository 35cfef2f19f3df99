import { PasswordLimits } from '@app/shared';

/** A labelled password input: a new password (the browser may suggest one) or the current one. */
export function PasswordField({
  label,
  name,
  value,
  onChange,
  isNew = false,
}: {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  isNew?: boolean;
}) {
  return (
    <label>
      {label}
      <input
        type="password"
        name={name}
        autoComplete={isNew ? 'new-password' : 'current-password'}
        minLength={isNew ? PasswordLimits.min : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
