import type { Stream } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedGrid } from '../../../components/paged-list.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { notify } from '../../../lib/notifications.ts';
import { useDiscardStream } from '../api/streams.ts';
import { useCreatorStreams } from '../api/schedule.ts';
import { useNow } from '../hooks/use-now.ts';
import { isMissed } from '../lib/schedule-time.ts';
import { ScheduleForm } from './schedule-form.tsx';
import { StreamCard } from './stream-card.tsx';

/** Edit and Cancel under one of my scheduled streams (Edit opens the form in its place). */
function OwnerActions({ stream, onEdit }: { stream: Stream; onEdit(): void }) {
  const { t } = useTranslation();
  const discard = useDiscardStream();
  const missed = isMissed(stream, useNow(false));
  return (
    <div className="scheduled-actions">
      {missed && (
        <p className="muted" data-testid="schedule-missed">
          {t('live.schedule.missed')}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button-small button-outline" onClick={onEdit}>
          {t('common.edit')}
          <span className="sr-only">: {stream.title}</span>
        </button>
        <button
          type="button"
          className="button button-small button-outline"
          disabled={discard.isPending}
          onClick={() =>
            discard.mutate(stream.id, {
              onSuccess: () => notify('success', t('live.schedule.cancelled')),
              onError: (err) => notify('error', errorText(err, 'live.schedule.failed')),
            })
          }
        >
          {t('live.schedule.cancelStream')}
          <span className="sr-only">: {stream.title}</span>
        </button>
      </div>
    </div>
  );
}

function StreamList({
  creatorId,
  status,
  own,
  empty,
}: {
  creatorId: string;
  status: 'past' | 'scheduled';
  own: boolean;
  empty: string;
}) {
  const pages = useCreatorStreams(creatorId, status);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <PagedGrid
      pages={pages}
      variant="stream"
      testId={`streams-${status}`}
      empty={<p className="muted empty-line">{empty}</p>}
      render={(s) =>
        editing === s.id ? (
          <ScheduleForm key={s.id} stream={s} onDone={() => setEditing(null)} />
        ) : (
          <StreamCard key={s.id} stream={s}>
            {own && status === 'scheduled' && <OwnerActions stream={s} onEdit={() => setEditing(s.id)} />}
          </StreamCard>
        )
      }
    />
  );
}

/**
 * A profile's Streams tab: the upcoming ones (soonest first; for their creator with Schedule, Edit
 * and Cancel), then those that went on air, newest first.
 */
export function CreatorStreams({ creatorId, own }: { creatorId: string; own: boolean }) {
  const { t } = useTranslation();
  const [scheduling, setScheduling] = useState(false);
  return (
    <div className="creator-streams">
      <div className="section-head">
        <h3>{t('live.schedule.upcoming')}</h3>
        {own && !scheduling && (
          <button type="button" className="button" onClick={() => setScheduling(true)} data-testid="schedule-open">
            {t('live.schedule.title')}
          </button>
        )}
      </div>
      {scheduling && <ScheduleForm onDone={() => setScheduling(false)} />}
      <StreamList creatorId={creatorId} status="scheduled" own={own} empty={t('live.schedule.noUpcoming')} />
      <h3>{t('live.schedule.past')}</h3>
      <StreamList creatorId={creatorId} status="past" own={own} empty={t('live.schedule.noPast')} />
    </div>
  );
}
