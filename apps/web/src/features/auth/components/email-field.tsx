/** A labelled email address input. */
export function EmailField({
  label,
  name,
  value,
  onChange,
  required = false,
}: {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  required?: boolean;
}) {
  return (
    <label>
      {label}
      <input
        type="email"
        name={name}
        autoComplete="email"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={required}
      />
    </label>
  );
}
