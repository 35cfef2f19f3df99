export {
  CHUNK_SIZE,
  MAX_LINKS,
  cidOf,
  cidOfFile,
  cidOfStream,
  createCidHasher,
  type CidHasher,
  type DagShape,
} from './cid.ts';
export {
  FfmpegError,
  MediaToolMissingError,
  locate,
  run,
  runFfmpeg,
  runFfprobe,
  spawnMediaTool,
  type MediaTool,
  type RunOptions,
} from './ffmpeg.ts';
export {
  ALLOWED_DEMUXERS,
  DEFAULT_MEDIA_LIMITS,
  IMAGE_DEMUXERS,
  MediaLimitError,
  fileInputArgs,
  runTimeoutMs,
  withoutDurationCap,
  type Demuxer,
  type ImageType,
  type MediaInput,
  type MediaLimits,
} from './limits.ts';
export { NotAVideoError, RefusedFormatError, probe, type MediaInfo, type ProbeOptions } from './probe.ts';
export {
  DEFAULT_SEGMENT_SECONDS,
  MASTER_PLAYLIST,
  VARIANT_PLAYLIST,
  hlsVodArgs,
  renditionLadder,
  transcodeToHls,
  type HlsOptions,
  type HlsOutput,
  type Rendition,
} from './hls.ts';
export {
  THUMBNAIL_SET_WIDTHS,
  THUMBNAIL_WIDTH,
  extractThumbnail,
  extractThumbnailSet,
  imageSetArgs,
  imageThumbnailSet,
  sniffImage,
  thumbnailArgs,
  thumbnailSetArgs,
  thumbnailTime,
  type ThumbnailOptions,
  type ThumbnailSet,
} from './thumbnail.ts';
export { clipCutArgs, cutClip, type ClipCutOptions } from './clip.ts';
export { TEST_PATTERNS, generateTestVideo, type TestPattern, type TestVideoOptions } from './test-video.ts';
export { publishTestPattern, sendTestPatternRtp, type TestPublishOptions, type TestPublisher } from './test-publish.ts';
export {
  LIVE_PLAYLIST,
  LIVE_RTP,
  LIVE_SEGMENT_PATTERN,
  liveHlsArgs,
  liveRtpInputSdp,
  type LiveHlsOptions,
  type LiveRtpOutput,
  type LiveRtpInput,
} from './live.ts';
export {
  generateLongBlackVideo,
  writeConcatScript,
  writeForgedFrameSizeAvi,
  writeLocalFilePlaylist,
} from './test-hostile-media.ts';
