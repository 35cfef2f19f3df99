import type { ApiErrorBody, Video } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, getToken } from '../../../lib/api.ts';
import { refreshUser } from '../../../lib/session/session-store.ts';

/** The person stopped the upload: not a failure to report. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
  }
}

/**
 * Uploads with XMLHttpRequest, the one browser API that reports upload progress. Progress is
 * real (bytes sent); the last few percent wait for the server to store and check the file.
 */
function uploadVideo(
  form: FormData,
  onProgress: (percent: number) => void,
): { promise: Promise<Video>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<Video>((resolve, reject) => {
    xhr.open('POST', '/api/videos/upload');
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) =>
      e.lengthComputable && onProgress(Math.min(90, Math.round((e.loaded / e.total) * 90)));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as Video);
      } else {
        // the server's code, field and params, so the refusal reads in the uploader's language
        const err = body as Partial<ApiErrorBody> | undefined;
        reject(new ApiError(err?.detail ?? `HTTP ${xhr.status}`, xhr.status, err?.code, err?.field, err?.params));
      }
    };
    xhr.onerror = () => reject(new ApiError('Upload failed', 0));
    xhr.onabort = () => reject(new UploadCancelled());
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/**
 * The upload as a mutation: `percent` follows the bytes sent; on success the feeds are read again and
 * the balance (an upload pays its creator) refreshed. `cancel` (or leaving the page) aborts an upload under way.
 */
export function useUploadVideo(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  const abort = useRef<() => void>(undefined);
  useEffect(() => () => abort.current?.(), []);
  const mutation = useMutation({
    mutationFn: (form: FormData) => {
      const job = uploadVideo(form, onProgress);
      abort.current = job.abort;
      return job.promise;
    },
    onSuccess: async () => {
      await Promise.all([refreshUser(), queryClient.invalidateQueries({ queryKey: ['videos'] })]);
    },
  });
  /** Stops the transfer: the server keeps no row, blob or temp file of an upload that did not finish. */
  const cancel = () => abort.current?.();
  return { ...mutation, cancel };
}
