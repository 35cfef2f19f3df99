import i18next from 'i18next';
import { notify } from '../lib/notifications.ts';

/** Copies a link and says so (`copiedKey` names the success text). */
export async function copyLink(url: string, copiedKey: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    notify('success', i18next.t(copiedKey));
  } catch {
    notify('error', i18next.t('videos.copyFailed'));
  }
}

/** Native share when the device has it, else copy the link (a cancelled share is ignored). */
export async function shareLink(url: string, title: string, copiedKey: string): Promise<void> {
  if (navigator.share) {
    try {
      await navigator.share({ url, title });
    } catch (err) {
      if ((err as Error).name !== 'AbortError') notify('error', i18next.t('videos.copyFailed'));
    }
    return;
  }
  await copyLink(url, copiedKey);
}
