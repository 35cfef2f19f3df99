/** An absolute ws(s):// address on this site for a socket path, with query parameters. */
export function wsUrl(path: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(path, window.location.href);
  url.protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return url.toString();
}
