/** The clips feature's parts that video and stream pages use (server: modules/clips). */
export { ClipButton } from './components/clip-button.tsx';
export { ClipCard } from './components/clip-card.tsx';
