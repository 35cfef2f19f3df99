import { useCallback, useState } from 'react';

/** A yes/no setting remembered on this device (theatre mode, autoplay). */
export function useStoredFlag(key: string, initial: boolean): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => {
    const stored = localStorage.getItem(key);
    return stored === null ? initial : stored === '1';
  });
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      localStorage.setItem(key, next ? '1' : '0');
    },
    [key],
  );
  return [value, set];
}
