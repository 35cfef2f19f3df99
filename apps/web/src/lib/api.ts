import type { ApiErrorBody, ErrorParams } from '@app/shared';
import i18next from 'i18next';
import { createStore } from './store.ts';

export const TOKEN_KEY = 'authToken';

export const getToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const setToken = (token: string): void => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_KEY);

/**
 * An API failure: `message` is the server's `detail`, else 'HTTP {status}'. Shown to people through
 * errorText (lib/error-text.ts), which translates `code` with `field` and `params`.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly field?: string,
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
}

export interface ApiOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** a call the person did not wait for (likes, tips): it does not show the loading bar */
  background?: boolean;
}

/**
 * Calls in flight that the person is waiting for: the header's loading bar (the
 * helper sets the global loading flag unless the call is background or a view/increment ping).
 * Kept apart from the session's loading flag, which replaces the routes with a spinner.
 */
export const apiActivity = createStore({ pending: 0 });

const isBackground = (path: string, opts: ApiOptions) => !!opts.background || /\/(view|increment)(?=[/?]|$)/.test(path);

/** JSON in, JSON out, bearer token attached when signed in. FormData bodies are sent as multipart. */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  // the language the person chose: what the server writes in (mails) follows it
  if (i18next.language) headers['accept-language'] ??= i18next.language;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const tracked = !isBackground(path, opts);
  if (tracked) apiActivity.set((s) => ({ pending: s.pending + 1 }));
  try {
    const res = await fetch(path, {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: opts.signal,
    });
    if (res.status === 204) return undefined as T;
    const data: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      const err = data as Partial<ApiErrorBody> | undefined;
      throw new ApiError(
        typeof err?.detail === 'string' ? err.detail : `HTTP ${res.status}`,
        res.status,
        err?.code,
        typeof err?.field === 'string' ? err.field : undefined,
        err?.params && typeof err.params === 'object' ? err.params : undefined,
      );
    }
    return data as T;
  } finally {
    if (tracked) apiActivity.set((s) => ({ pending: s.pending - 1 }));
  }
}
