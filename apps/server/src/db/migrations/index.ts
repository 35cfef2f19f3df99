import type { Migration } from 'kysely';
import * as foundation from './20261122-0001-foundation.ts';
import * as videos from './20261122-0003-videos.ts';
import * as jobs from './20261122-0004-jobs.ts';
import * as tickets from './20261122-0005-tickets.ts';
import * as streams from './20261122-0006-streams.ts';
import * as clips from './20261122-0007-clips.ts';
import * as viewing from './20261122-0008-viewing.ts';
import * as advertisers from './20261122-0009-advertisers.ts';
import * as clipSnapshots from './20261122-0010-clip-snapshots.ts';
import * as signUpGuards from './20261123-0011-sign-up-guards.ts';
import * as fundedPools from './20261123-0012-funded-pools.ts';
import * as ticketContactVerified from './20261123-0013-ticket-contact-verified.ts';
import * as thumbnailSizes from './20261124-0014-thumbnail-sizes.ts';
import * as ledgerRefTotals from './20261128-0015-ledger-ref-totals.ts';
import * as emailTokens from './20261128-0016-email-tokens.ts';
import * as ticketCategorySlugs from './20261128-0017-ticket-category-slugs.ts';
import * as comments from './20261128-0018-comments.ts';
import * as notifications from './20261128-0019-notifications.ts';
import * as videoCaptions from './20261128-0021-video-captions.ts';
import * as historyAndSearch from './20261128-0022-history-and-search.ts';
import * as thumbnailChoices from './20261128-0023-thumbnail-choices.ts';
import * as scheduledStreams from './20261128-0024-scheduled-streams.ts';
import * as lighterWrites from './20261129-0025-lighter-writes.ts';
import * as historyClearedAt from './20261207-0026-history-cleared-at.ts';

/** Every migration, in order. Files are never edited after they land; add a new one instead. */
export const migrations: Record<string, Migration> = {
  '20261122-0001-foundation': foundation,
  '20261122-0003-videos': videos,
  '20261122-0004-jobs': jobs,
  '20261122-0005-tickets': tickets,
  '20261122-0006-streams': streams,
  '20261122-0007-clips': clips,
  '20261122-0008-viewing': viewing,
  '20261122-0009-advertisers': advertisers,
  '20261122-0010-clip-snapshots': clipSnapshots,
  '20261123-0011-sign-up-guards': signUpGuards,
  '20261123-0012-funded-pools': fundedPools,
  '20261123-0013-ticket-contact-verified': ticketContactVerified,
  '20261124-0014-thumbnail-sizes': thumbnailSizes,
  '20261128-0015-ledger-ref-totals': ledgerRefTotals,
  '20261128-0016-email-tokens': emailTokens,
  '20261128-0017-ticket-category-slugs': ticketCategorySlugs,
  '20261128-0018-comments': comments,
  '20261128-0019-notifications': notifications,
  '20261128-0021-video-captions': videoCaptions,
  '20261128-0022-history-and-search': historyAndSearch,
  '20261128-0023-thumbnail-choices': thumbnailChoices,
  '20261128-0024-scheduled-streams': scheduledStreams,
  '20261129-0025-lighter-writes': lighterWrites,
  '20261207-0026-history-cleared-at': historyClearedAt,
};
