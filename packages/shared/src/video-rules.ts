// No zod here: what the web app needs at start (categories, limits, statuses) loads without the schema library.

export const VideoCategories = [
  'Education',
  'Entertainment',
  'Gaming',
  'Technology',
  'Music',
  'Art',
  'Sports',
  'News',
  'Comedy',
  'Tutorial',
  'Vlog',
  'Web3',
  'DeFi',
  'NFT',
  'Other',
] as const;
export type VideoCategory = (typeof VideoCategories)[number];

export const VideoLimits = {
  maxFileBytes: 524_288_000,
  titleMax: 100,
  descriptionMax: 5000,
  tagMax: 30,
  tagsMax: 15,
  feedPageSize: 12,
  feedPageMax: 50,
  relatedCount: 5,
  searchMax: 100,
} as const;

/** A thumbnail a creator uploads: JPEG, PNG or WebP, re-encoded by the server. */
export const ThumbnailLimits = {
  maxImageBytes: 5 * 1024 * 1024,
  /** frames extracted at processing time as thumbnail candidates (at 10 %, 50 % and 90 % of the duration) */
  frames: 3,
} as const;

export const VideoStatuses = ['processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VideoStatuses)[number];

/**
 * The id of the JSON data block in the home page's HTML that holds the feed's first page (anonymous,
 * `sort=recent`, the default page size), so the app shows it without asking.
 */
export const HOME_FEED_DATA_ID = 'home-feed';
