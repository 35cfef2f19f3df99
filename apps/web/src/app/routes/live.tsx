import { LiveDirectory } from '../../features/live/components/live-directory.tsx';

export function LivePage() {
  return (
    <section className="page">
      <LiveDirectory />
    </section>
  );
}
