// No zod here: what the web app needs at start (categories, limits, statuses) loads without the schema library.

/** The categories a stream or clip is filed under (the live directory's and clips browser's filters). */
export const StreamCategories = [
  'Gaming',
  'Technology',
  'Education',
  'Entertainment',
  'Music',
  'Art',
  'Sports',
  'News',
  'Tutorial',
  'Comedy',
] as const;
export type StreamCategory = (typeof StreamCategories)[number];

export const StreamLimits = {
  titleMax: 100,
  descriptionMax: 500,
  tagMax: 20,
  tagsMax: 10,
  listDefault: 20,
  listMax: 100,
  chatMessageMax: 200,
  chatHistory: 50,
  /** messages a user may send per window, per stream */
  chatRateCount: 5,
  chatRateWindowMs: 5_000,
  /** a chat frame larger than this closes the socket */
  chatFrameMaxBytes: 16 * 1024,
  chatReconnectAttempts: 5,
  chatReconnectDelayMs: 2_000,
  /** a server that stops on purpose (restart, deploy) closes sockets with this (RFC 6455 "service restart") */
  restartCloseCode: 1012,
  /** …and the client reopens within this, spread at random so a room does not return all at once */
  restartReconnectMaxMs: 1_500,
  /** the stream form resets this long after stop */
  resetAfterStopMs: 3_000,
  /** a stream is scheduled at most this many days ahead */
  scheduleMaxDays: 90,
  /** upcoming scheduled streams one creator may have at a time */
  scheduledMaxPerCreator: 10,
  /**
   * A scheduled stream whose time has come shows as "starting soon" for this long, and a new stream
   * created this close to its time (before or after) takes it over; after that it is hidden from
   * everyone but its creator, who may reschedule or cancel it.
   */
  startingSoonMs: 60 * 60_000,
} as const;

/**
 * scheduled: created ahead for a start time (`scheduled_for`), nothing received yet;
 * created: has a key, nothing received yet; live: started or receiving; interrupted: the ingest
 * dropped and may come back within the grace period; ended: stopped, the recording kept.
 */
export const StreamStatuses = ['scheduled', 'created', 'live', 'interrupted', 'ended'] as const;
export type StreamStatus = (typeof StreamStatuses)[number];
