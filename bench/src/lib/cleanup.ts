const open = new Set<() => Promise<void>>();

/**
 * Wraps a close function so it runs once: at the end of its scope as usual, or from closeAll() when
 * the run is interrupted, so a Ctrl-C leaves no server, temp folder or PostgreSQL database behind.
 */
export function closeOnExit(close: () => Promise<void>): () => Promise<void> {
  const once = async () => {
    if (open.delete(once)) await close();
  };
  open.add(once);
  return once;
}

export async function closeAll(): Promise<void> {
  await Promise.allSettled([...open].map((close) => close()));
}
