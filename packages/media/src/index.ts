export { CHUNK_SIZE, MAX_LINKS, cidOf, createCidHasher, type CidHasher } from './cid.ts';
export { FfmpegError, MediaToolMissingError, locate, run, type RunOptions } from './ffmpeg.ts';
export { NotAVideoError, probe, type MediaInfo } from './probe.ts';
export { hlsVodArgs, renditionLadder, transcodeToHls, type HlsOptions, type Rendition } from './hls.ts';
export { extractThumbnail, thumbnailArgs, thumbnailTime } from './thumbnail.ts';
export { TEST_PATTERNS, generateTestVideo, type TestPattern, type TestVideoOptions } from './test-video.ts';
