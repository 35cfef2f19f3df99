/** The comments feature: the section under the video and clip players (server: modules/comments). */
export { CommentsSection } from './components/comments-section.tsx';
