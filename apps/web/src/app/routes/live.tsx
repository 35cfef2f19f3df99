import { LiveDirectory } from '../../features/streams/components/live-directory.tsx';

export function LivePage() {
  return (
    <section className="page">
      <LiveDirectory />
    </section>
  );
}
