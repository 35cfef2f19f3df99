import { z } from 'zod';

export const CaptionLimits = {
  /** one caption file, in bytes */
  maxFileBytes: 1_048_576,
  /** caption languages one video may have */
  perVideo: 20,
} as const;

/**
 * A caption file's language as a BCP 47 tag of the common shapes: a language (`hi`, `kok`), then an
 * optional script (`zh-Hant`) and region (`pt-BR`, `es-419`). It ends up in a URL and in `srclang`.
 */
export const CaptionLanguageSchema = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$/, 'Language must be a code like en, hi or pt-BR');

export const CaptionParamsSchema = z.object({
  id: z.string().min(1).max(64),
  language: CaptionLanguageSchema,
});

/** A WebVTT file starts with `WEBVTT` (after an optional byte order mark), alone or followed by a space or tab. */
export const isWebVtt = (text: string): boolean => /^\uFEFF?WEBVTT(?:[ \t][^\r\n]*)?(?:\r\n|\r|\n|$)/.test(text);

export interface VideoCaption {
  language: string;
  /** the WebVTT file, served as text/vtt */
  url: string;
}

export interface VideoCaptionList {
  captions: VideoCaption[];
}
