import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { errorText, issueText, translateError } from './error-text.ts';
import { allTranslations } from './i18n/testing/all-translations.ts';

beforeAll(async () => {
  await i18next.init({
    lng: 'hi',
    fallbackLng: 'en',
    resources: { en: allTranslations.en!, hi: allTranslations.hi! },
    interpolation: { escapeValue: false },
  });
});

describe('server errors in the reader’s language', () => {
  it('translates a code, and falls back to the English detail for a code it does not know', () => {
    expect(translateError({ code: 'username_taken', detail: 'Username is already taken' })).toBe(
      'यह उपयोगकर्ता नाम पहले से लिया जा चुका है',
    );
    expect(translateError({ code: 'not_a_code', detail: 'Something specific' })).toBe('Something specific');
    expect(translateError({ detail: 'No code at all' })).toBe('No code at all');
  });

  it('interpolates the params and the field’s translated name', () => {
    expect(translateError({ code: 'too_long', field: 'title', params: { max: 100 }, detail: 'x' })).toBe(
      'शीर्षक अधिकतम 100 अक्षरों का हो सकता है',
    );
    expect(translateError({ code: 'too_many_attempts', params: { seconds: 42 }, detail: 'x' })).toContain('42');
    // a field without a name of its own reads "this field"; a nested path names its top field
    expect(translateError({ code: 'required', field: 'bank_details.ifsc', detail: 'x' })).toBe('यह फ़ील्ड आवश्यक है');
    expect(translateError({ code: 'too_long', field: 'tags.3', params: { max: 30 }, detail: 'x' })).toContain('टैग');
  });

  it('shows a 4xx answer translated, a fault or a network failure as the fallback text', () => {
    expect(errorText(new ApiError('Invalid email or password', 401, 'invalid_credentials'))).toBe(
      'ईमेल या पासवर्ड गलत है',
    );
    expect(errorText(new ApiError('A detail with no translation', 409, 'not_a_code'), 'settings.updateFailed')).toBe(
      'A detail with no translation',
    );
    // a generic code still reads in the reader's language
    expect(errorText(new ApiError('Something conflicting', 409, 'conflict'))).toBe(i18next.t('errors.codes.conflict'));
    expect(errorText(new ApiError('Internal server error', 500, 'internal'), 'settings.updateFailed')).toBe(
      i18next.t('settings.updateFailed'),
    );
    // without a fallback, a fault says so in the reader's language
    expect(errorText(new ApiError('Internal server error', 500, 'internal'))).toBe(i18next.t('errors.codes.internal'));
    // a 503 that has words of its own is shown in them
    expect(errorText(new ApiError('busy', 503, 'password_check_busy'), 'settings.updateFailed')).toBe(
      i18next.t('errors.codes.password_check_busy'),
    );
    expect(errorText(new ApiError('Failed to fetch', 0), 'settings.updateFailed')).toBe(
      i18next.t('settings.updateFailed'),
    );
  });

  it('says what a shared schema refused on the client in the server’s words', () => {
    expect(issueText({ code: 'too_small', origin: 'string', minimum: 1, path: ['title'], message: 'x' }, 'x')).toBe(
      'शीर्षक आवश्यक है',
    );
    // a form may name its fields its own way: the ticket's title is its subject
    expect(
      issueText({ code: 'too_small', origin: 'string', minimum: 1, path: ['title'], message: 'x' }, 'x', {
        title: 'help.subject',
      }),
    ).toBe('विषय आवश्यक है');
    expect(issueText(undefined, 'help.errors.create')).toBe(i18next.t('help.errors.create'));
  });
});
