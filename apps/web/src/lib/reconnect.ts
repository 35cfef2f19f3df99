import { StreamLimits } from '@app/shared';

/** The server refused the room for good (no such stream): no retry. */
export const FINAL_CLOSE_CODE = 4404;

/** A close that asks to come back at once (the server restarts): it is not a failed attempt. */
export const isRestartClose = (closeCode: number): boolean => closeCode === StreamLimits.restartCloseCode;

/**
 * How long to wait before reopening a dropped chat socket: 2 s × the attempt number,
 * for attempts 1 to 5; null once they are used up or when the close was final. A server
 * restarting is come back to within restartReconnectMaxMs (another process takes the room).
 */
export function reconnectDelay(attempt: number, closeCode: number, random = Math.random): number | null {
  if (isRestartClose(closeCode)) return Math.round(random() * StreamLimits.restartReconnectMaxMs);
  if (closeCode === FINAL_CLOSE_CODE || attempt > StreamLimits.chatReconnectAttempts) return null;
  return StreamLimits.chatReconnectDelayMs * attempt;
}
