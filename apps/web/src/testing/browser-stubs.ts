import { vi } from 'vitest';

/** An in-memory localStorage for unit tests (they run in Node, without a DOM). */
export function stubLocalStorage(): Storage {
  const items = new Map<string, string>();
  const storage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
  vi.stubGlobal('localStorage', storage);
  return storage;
}

export interface RecordedCall {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Answers fetch from `routes` ('METHOD /path' → status and JSON body) and records every call. */
export function stubFetch(routes: Record<string, [number, unknown?]>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ path, method, headers: init.headers as Record<string, string>, body });
    const [status, json] = routes[`${method} ${path}`] ?? [404, { detail: 'Not Found', code: 'not_found' }];
    const text = json === undefined ? '' : typeof json === 'string' ? json : JSON.stringify(json);
    return new Response(status === 204 ? null : text, { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}
