import { useTranslation } from 'react-i18next';

/** A copyable command or snippet; `{origin}` becomes this site's address. */
export function CodeSample({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation();
  return (
    <figure className="code-sample">
      <figcaption className="muted">{t(label)}</figcaption>
      <pre tabIndex={0}>
        <code>{code.replaceAll('{origin}', window.location.origin)}</code>
      </pre>
    </figure>
  );
}
