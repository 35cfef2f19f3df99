import type { Video, VideoCaption } from '@app/shared';
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoredFlag } from '../hooks/use-stored-flag.ts';
import { useFormats } from '../lib/i18n/formatting.ts';
import { PlayerMenu } from './player/player-menu.tsx';
import { acceptsShortcut, focusPlace, playerCommand, type PlayerCommand } from './player/player-keys.ts';
import { UpNext, type UpNextVideo } from './player/up-next.tsx';
import { AUTO, useHls } from './player/use-hls.ts';
import { useResume, type ResumeFrom } from './player/use-resume.ts';
import './player/player.css';

export type { ResumeFrom } from './player/use-resume.ts';
export type { UpNextVideo } from './player/up-next.tsx';

/** What the player needs: a video, a clip, or a stream recording alike. */
export type PlayableMedia = Pick<Video, 'title' | 'hls_url' | 'thumbnail_url'> & {
  media_url: string | null;
  ipfs_hash: string | null;
};

const SPEEDS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];
const CAPTIONS_OFF = '';
const ANNOUNCE_MS = 1800;

/** A message for screen readers (a live region) that also shows over the picture for a moment. */
function useAnnouncer() {
  const [message, setMessage] = useState({ text: '', shown: false });
  useEffect(() => {
    if (!message.shown) return;
    const timer = setTimeout(() => setMessage((m) => ({ ...m, shown: false })), ANNOUNCE_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, useCallback((text: string) => setMessage({ text, shown: true }), [])] as const;
}

/** Shows the subtitles in `language` (none for CAPTIONS_OFF), hiding every other track. */
function showTrack(tracks: TextTrackList, language: string) {
  for (const track of tracks)
    track.mode = track.kind === 'subtitles' && track.language === language ? 'showing' : 'disabled';
}

/** The caption tracks' state, following changes made from the browser's own controls too. */
function useCaptions(ref: React.RefObject<HTMLVideoElement | null>, captions: VideoCaption[]) {
  const [showing, setShowing] = useState(CAPTIONS_OFF);
  useEffect(() => {
    const tracks = ref.current?.textTracks;
    if (!tracks) return;
    const sync = () => setShowing([...tracks].find((track) => track.mode === 'showing')?.language ?? CAPTIONS_OFF);
    tracks.addEventListener('change', sync);
    return () => tracks.removeEventListener('change', sync);
  }, [ref, captions]);
  const show = useCallback(
    (language: string) => {
      if (ref.current) showTrack(ref.current.textTracks, language);
      setShowing(language);
    },
    [ref],
  );
  return { showing, show };
}

/**
 * The player of videos, clips and stream recordings: HLS with a quality menu, playback speed,
 * captions, keyboard shortcuts (playerCommand), resume (useResume), theatre mode and what plays next.
 * `videoRef` hands the element to pages that steer playback (the clip creator's range preview) or
 * report it (the watch page's progress for viewer earnings). The content hash stays visible under
 * the picture.
 */
export function VideoPlayer({
  video,
  videoRef,
  resume,
  captions = [],
  upNext,
  theatre,
}: {
  video: PlayableMedia;
  videoRef?: Ref<HTMLVideoElement>;
  resume?: ResumeFrom;
  captions?: VideoCaption[];
  upNext?: UpNextVideo;
  theatre?: { on: boolean; toggle: () => void };
}) {
  const { t, i18n } = useTranslation();
  const format = useFormats();
  const ref = useRef<HTMLVideoElement>(null);
  const root = useRef<HTMLDivElement>(null);
  useImperativeHandle(videoRef, () => ref.current!, []);
  const hls = useHls(ref, video.hls_url, video.media_url);
  const { resumedAt, startOver } = useResume(ref, resume);
  const [message, announce] = useAnnouncer();
  const [rate, setRate] = useState(1);
  const { showing, show } = useCaptions(ref, captions);
  const lastCaptions = useRef(captions[0]?.language ?? CAPTIONS_OFF);
  const [autoplay, setAutoplay] = useStoredFlag('tarang.player.autoplay', true);
  const [ended, setEnded] = useState(false);

  const languageName = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'language', fallback: 'code' });
    return (code: string) => names.of(code) ?? code;
  }, [i18n.language]);

  const chooseCaptions = useCallback(
    (language: string) => {
      show(language);
      if (language !== CAPTIONS_OFF) lastCaptions.current = language;
      announce(
        language === CAPTIONS_OFF ? t('player.captionsOff') : t('player.captionsOn', { label: languageName(language) }),
      );
    },
    [show, announce, t, languageName],
  );

  const run = useCallback(
    (command: PlayerCommand) => {
      const el = ref.current;
      if (!el) return;
      const end = Number.isFinite(el.duration) ? el.duration : 0;
      switch (command.kind) {
        case 'toggle-play':
          if (el.paused || el.ended) void el.play().catch(() => undefined);
          else el.pause();
          break;
        case 'seek':
          el.currentTime = Math.min(Math.max(el.currentTime + command.seconds, 0), end || Infinity);
          break;
        case 'jump':
          if (end) el.currentTime = end * command.fraction;
          break;
        case 'mute':
          el.muted = !el.muted;
          announce(t(el.muted ? 'player.muted' : 'player.unmuted'));
          break;
        case 'fullscreen':
          if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
          else void root.current?.requestFullscreen().catch(() => undefined);
          break;
        case 'captions':
          if (captions.length === 0) break;
          chooseCaptions(showing === CAPTIONS_OFF ? lastCaptions.current || captions[0]!.language : CAPTIONS_OFF);
          break;
      }
    },
    [announce, t, captions, showing, chooseCaptions],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const player = root.current;
      const command = playerCommand(e);
      if (!player || !command || e.defaultPrevented) return;
      if (!acceptsShortcut(focusPlace(e.target, player), e.key)) return;
      e.preventDefault(); // no page scroll on Space or the arrows, no second toggle by the video's own controls
      run(command);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [run]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onRate = () => setRate(el.playbackRate);
    const onEnded = () => setEnded(true);
    const onResume = () => setEnded(false);
    el.addEventListener('ratechange', onRate);
    el.addEventListener('ended', onEnded);
    el.addEventListener('play', onResume);
    el.addEventListener('seeking', onResume);
    return () => {
      el.removeEventListener('ratechange', onRate);
      el.removeEventListener('ended', onEnded);
      el.removeEventListener('play', onResume);
      el.removeEventListener('seeking', onResume);
    };
  }, []);

  useEffect(() => {
    if (resumedAt !== null) announce(t('player.resumed', { time: format.duration(resumedAt) }));
  }, [resumedAt, announce, t, format]);

  useEffect(() => {
    if (ended && upNext) announce(`${t('player.upNext')}: ${upNext.title}`);
  }, [ended, upNext, announce, t]);

  const speedLabel = (s: number) => (s === 1 ? t('player.normal') : `${s}×`);
  const autoLabel = hls.playingLabel ? `${t('player.auto')} · ${hls.playingLabel}` : t('player.auto');
  const qualityOptions = [
    { value: AUTO, label: autoLabel },
    ...hls.qualities.map((q) => ({ value: q.level, label: q.label })),
  ];
  const captionOptions = [
    { value: CAPTIONS_OFF, label: t('player.off') },
    ...captions.map((c) => ({ value: c.language, label: languageName(c.language) })),
  ];

  return (
    <div className="player" ref={root} data-testid="player">
      <div className="player-stage">
        <video
          ref={ref}
          controls
          playsInline
          preload="metadata"
          poster={video.thumbnail_url ?? undefined}
          data-testid="video-player"
          aria-label={video.title}
        >
          {captions.map((c) => (
            <track
              key={c.language}
              kind="subtitles"
              src={c.url}
              srcLang={c.language}
              label={languageName(c.language)}
            />
          ))}
        </video>
        <p
          className={message.shown ? 'player-announce player-announce-shown' : 'player-announce'}
          role="status"
          data-testid="player-announce"
        >
          {message.text}
        </p>
        {ended && upNext && <UpNext next={upNext} autoplay={autoplay} onCancel={() => setEnded(false)} />}
      </div>
      <div className="player-bar" role="group" aria-label={t('player.controls')}>
        {hls.qualities.length > 0 && (
          <PlayerMenu
            name={t('player.quality')}
            shown={
              hls.chosen === AUTO ? t('player.auto') : (hls.qualities.find((q) => q.level === hls.chosen)?.label ?? '')
            }
            current={hls.chosen}
            options={qualityOptions}
            onChoose={(level) => {
              hls.choose(level);
              announce(t('player.qualityChanged', { label: qualityOptions.find((o) => o.value === level)?.label }));
            }}
            testId="player-quality"
          />
        )}
        <PlayerMenu
          name={t('player.speed')}
          shown={speedLabel(rate)}
          current={rate}
          options={SPEEDS.map((s) => ({ value: s, label: speedLabel(s) }))}
          onChoose={(s) => {
            if (ref.current) ref.current.playbackRate = s;
            announce(t('player.speedChanged', { rate: s }));
          }}
          testId="player-speed"
        />
        {captions.length > 0 && (
          <PlayerMenu
            name={t('player.captions')}
            shown="CC"
            current={showing}
            options={captionOptions}
            onChoose={chooseCaptions}
            testId="player-captions"
          />
        )}
        {upNext && (
          <button
            type="button"
            role="switch"
            aria-checked={autoplay}
            className="chip-button player-button player-switch"
            onClick={() => setAutoplay(!autoplay)}
            data-testid="player-autoplay"
          >
            {t('player.autoplay')}
          </button>
        )}
        {theatre && (
          <button
            type="button"
            aria-pressed={theatre.on}
            className="chip-button player-button player-theatre"
            onClick={theatre.toggle}
            data-testid="player-theatre"
          >
            {t('player.theatre')}
          </button>
        )}
        {resumedAt !== null && (
          <p className="player-resumed" data-testid="player-resumed">
            {t('player.resumed', { time: format.duration(resumedAt) })}{' '}
            <button type="button" className="link-button" onClick={startOver} data-testid="player-start-over">
              {t('player.startOver')}
            </button>
          </p>
        )}
      </div>
      {video.ipfs_hash && (
        <p className="content-hash">
          <span>{t('videos.contentHash')}</span>{' '}
          <code data-testid="content-hash" dir="ltr">
            {video.ipfs_hash}
          </code>
        </p>
      )}
    </div>
  );
}
