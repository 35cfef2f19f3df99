import type { ReactElement } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { INFO_LINKS, isServerPath } from '../lib/info-links.ts';

const LINK_ELEMENTS: Record<string, ReactElement> = Object.fromEntries(
  Object.entries(INFO_LINKS).map(([name, to]) => [name, isServerPath(to) ? <a href={to} /> : <Link to={to} />]),
);

/** One translated text whose `<name>…</name>` tags become links (see INFO_LINKS) and `<code>…</code>` code. */
export function RichText({ k, values }: { k: string; values?: Record<string, unknown> }) {
  return <Trans i18nKey={k} values={values} components={{ ...LINK_ELEMENTS, code: <code /> }} />;
}
