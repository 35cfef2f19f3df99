import { issueError, type ErrorParams, type IssueLike } from '@app/shared';
import i18next from 'i18next';
import { ApiError } from './api.ts';

/** What the server (or a shared schema) says went wrong: a stable code, and English words for it. */
export interface ErrorDescription {
  code?: string | undefined;
  field?: string | undefined;
  params?: ErrorParams | undefined;
  detail: string;
}

/** A field's name for people: the form's own label when it gives one, else errors.fields.<field>. */
export type FieldLabels = Record<string, string>;

const fieldLabel = (field: string | undefined, labels: FieldLabels = {}): string => {
  const top = field?.split('.')[0] ?? '';
  const key = labels[top] ?? `errors.fields.${top}`;
  return i18next.exists(key) ? i18next.t(key) : i18next.t('errors.fields.other');
};

const translated = (code: string | undefined) => !!code && i18next.exists(`errors.codes.${code}`);

/**
 * An error in the reader's language: `errors.codes.<code>` with the params and the field's name
 * interpolated; the English detail when that code has no translation.
 */
export function translateError({ code, field, params, detail }: ErrorDescription, labels?: FieldLabels): string {
  if (!translated(code)) return detail;
  return i18next.t(`errors.codes.${code}`, { ...params, field: fieldLabel(field, labels) });
}

/** The codes of a server fault that says nothing of its own: the page's own words for the failure say more. */
const GENERIC_FAULTS = new Set(['internal', 'service_unavailable']);

/**
 * The text to show for a failed call: a server answer translated by its code (a 4xx without a
 * translation in the server's English). A network failure, or a server fault that has no code of its
 * own, shows the fallback key when given, else the error's own message (or the fault's generic words).
 */
export function errorText(err: unknown, fallbackKey?: string): string {
  if (err instanceof ApiError && err.status > 0) {
    const genericFault = err.status >= 500 && GENERIC_FAULTS.has(err.code ?? '');
    if (!(genericFault && fallbackKey) && (err.status < 500 || translated(err.code)))
      return translateError({ code: err.code, field: err.field, params: err.params, detail: err.message });
  }
  if (fallbackKey) return i18next.t(fallbackKey);
  return err instanceof Error ? err.message : String(err);
}

/** A failed check of a shared schema on the client, in the same words as the server's answer. */
export const issueText = (issue: IssueLike | undefined, fallbackKey: string, labels?: FieldLabels): string =>
  issue ? translateError(issueError(issue), labels) : i18next.t(fallbackKey);
