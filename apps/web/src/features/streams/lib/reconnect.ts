import { StreamLimits } from '@app/shared';

/** The server refused the room for good (no such stream): no retry. */
export const FINAL_CLOSE_CODE = 4404;

/**
 * How long to wait before reopening a dropped chat socket: 2 s × the attempt number,
 * for attempts 1 to 5; null once they are used up or when the close was final.
 */
export function reconnectDelay(attempt: number, closeCode: number): number | null {
  if (closeCode === FINAL_CLOSE_CODE || attempt > StreamLimits.chatReconnectAttempts) return null;
  return StreamLimits.chatReconnectDelayMs * attempt;
}
