import type { NotificationKind } from '@app/shared';
import type { Generated } from 'kysely';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  kind: NotificationKind;
  /** JSON: what the kind's sentence and link need (NotificationPayloads) */
  payload: string;
  created_at: string;
  read_at: string | null;
  /** set for an event the user hears of once at most; unique per user (null: no limit) */
  once_key: string | null;
}

/** One row per kind a user has turned off: those notifications are not created for them. */
export interface NotificationMutesTable {
  user_id: string;
  kind: NotificationKind;
}
