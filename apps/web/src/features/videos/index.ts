/** The videos feature: feeds, the watch page, uploads, likes, tips and follows (server: modules/videos). */
export { creatorRef } from './api/engagement.ts';
export { useTipsReceived } from './api/videos.ts';
export { EmptyFeed } from './components/empty-feed.tsx';
export { FollowButton } from './components/follow-button.tsx';
export { VideoCard } from './components/video-card.tsx';
export { VideoGrid } from './components/video-grid.tsx';
