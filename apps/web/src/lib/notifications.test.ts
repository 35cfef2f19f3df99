import { describe, expect, it } from 'vitest';
import { dismiss, expireNotifications, notifications, notify } from './notifications.ts';

describe('notifications', () => {
  it('keep a notification for 5 seconds, then the 1-second check drops it', () => {
    notify('success', 'first', 10_000);
    notify('error', 'second', 12_000);
    expireNotifications(14_999);
    expect(notifications.get().list.map((n) => n.message)).toEqual(['first', 'second']);
    expireNotifications(15_000);
    expect(notifications.get().list.map((n) => n.message)).toEqual(['second']);
    expireNotifications(17_000);
    expect(notifications.get().list).toEqual([]);
  });

  it('have unique time-based ids and can be dismissed early', () => {
    notify('info', 'a', 1);
    notify('info', 'b', 1);
    const [a, b] = notifications.get().list;
    expect(a!.id).not.toBe(b!.id);
    expect(a!.id.startsWith('1-')).toBe(true);
    dismiss(a!.id);
    expect(notifications.get().list.map((n) => n.message)).toEqual(['b']);
  });
});
