/**
 * Wraps a reading that many callbacks of one event-loop turn ask for (the requests read together
 * from their sockets): the first call reads, the others in the same turn get its answer, and the
 * next turn reads again. An undefined answer (cannot tell now) is not kept.
 */
export function oncePerTurn<T>(read: () => T | undefined): () => T | undefined {
  let kept: T | undefined;
  let fresh = false;
  return () => {
    if (fresh) return kept;
    const value = read();
    if (value !== undefined) {
      kept = value;
      fresh = true;
      setImmediate(() => {
        fresh = false;
      });
    }
    return value;
  };
}
