import { describe, expect, it } from 'vitest';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  payloadTooLarge,
  unsupportedMediaType,
  uploadStalled,
  validationFailed,
} from './errors.ts';

describe('error helpers', () => {
  it('keep their status and generic code, and send a specific code, field and params when given', () => {
    const cases = [
      [badRequest, 400, 'bad_request'],
      [validationFailed, 400, 'validation_failed'],
      [forbidden, 403, 'forbidden'],
      [notFound, 404, 'not_found'],
      [uploadStalled, 408, 'upload_stalled'],
      [conflict, 409, 'conflict'],
      [payloadTooLarge, 413, 'payload_too_large'],
      [unsupportedMediaType, 415, 'unsupported_media_type'],
    ] as const;
    for (const [helper, status, code] of cases) {
      expect([helper('x').statusCode, helper('x').toBody()]).toEqual([status, { detail: 'x', code }]);
      const specific = helper('x', { code: 'file_too_large', field: 'file', params: { max_mb: 500 } });
      expect([specific.statusCode, specific.toBody()]).toEqual([
        status,
        { detail: 'x', code: 'file_too_large', field: 'file', params: { max_mb: 500 } },
      ]);
    }
  });
});
