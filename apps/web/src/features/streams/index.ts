/** The live feature's parts other pages use (server: modules/streams). */
export { CreatorStreams } from './components/creator-streams.tsx';
