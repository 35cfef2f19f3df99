import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { allTranslations } from '../../../lib/i18n/testing/all-translations.ts';
import { INFO_LINKS } from '../lib/info-links.ts';
import { StaticPage } from './static-pages.tsx';

type Tree = { [key: string]: string | Tree };
const texts = (tree: Tree | string, prefix = ''): Array<[string, string]> =>
  typeof tree === 'string'
    ? [[prefix, tree]]
    : Object.entries(tree).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k));

const PAGES: Array<[string, string]> = [
  ['/about', 'about'],
  ['/press', 'press'],
  ['/copyright', 'copyright'],
  ['/creators', 'creators'],
  ['/advertise', 'advertise'],
  ['/developers', 'developers'],
  ['/web3-features', 'web3'],
  ['/policies', 'policies'],
  ['/support', 'support'],
  ['/future-vision', 'futureVision'],
  ['/privacy', 'privacy'],
  ['/terms', 'terms'],
  ['/safety', 'safety'],
  ['/community-guidelines', 'guidelines'],
  ['/tutorials', 'tutorials'],
  ['/community', 'community'],
  ['/docs', 'docs'],
  ['/docs/api', 'docs'],
  ['/docs/quickstart', 'docs'],
  ['/docs/sdk', 'docs'],
  ['/docs/contracts', 'docs'],
  ['/docs/components', 'docs'],
  ['/docs/no-such-guide', 'docs'],
];

const missing: string[] = [];
const i18n = i18next.createInstance();

function render(path: string, name: string, lng: string): string {
  void i18n.changeLanguage(lng);
  const router = createMemoryRouter(
    [{ path: path.startsWith('/docs') ? '/docs/*' : path, element: <StaticPage name={name} /> }],
    { initialEntries: [path] },
  );
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('static information pages', () => {
  beforeAll(async () => {
    vi.stubGlobal('window', { location: { origin: 'https://tarang.example' } });
    await i18n.use(initReactI18next).init({
      resources: allTranslations,
      lng: 'en',
      fallbackLng: false,
      interpolation: { escapeValue: false },
      saveMissing: true,
      missingKeyHandler: (_lngs, _ns, key) => missing.push(key),
    });
  });

  it.each(['en', 'hi'])('every page renders in %s with a heading, sections and no missing or raw keys', (lng) => {
    for (const [path, name] of PAGES) {
      missing.length = 0;
      const html = render(path, name, lng);
      expect(missing, `${lng} ${path}`).toEqual([]);
      expect(html, path).toMatch(/<h1>[^<]+<\/h1>/);
      if (lng === 'hi') expect(html, path).toMatch(/<p class="info-lead">[^<]*[\u0900-\u097F]/);
      expect(html, path).toMatch(/<h2 id="[a-z-]+-title">[^<]+<\/h2>/);
      expect(html, path).not.toMatch(/\b(info|apiRef|pages)\.[A-Za-z]+\.?/);
      // translation tags are turned into elements, never shown as text
      expect(html, path).not.toMatch(/&lt;\/?[a-zA-Z]+&gt;/);
    }
  });

  it('shows the advertising packages and ad lengths the spec lists', () => {
    const html = render('/advertise', 'advertise', 'en');
    for (const text of [
      'Starter',
      '$500',
      'Professional',
      '$2,000',
      'Enterprise',
      'Custom',
      '15 seconds',
      '30 seconds',
      '60 seconds',
    ])
      expect(html).toContain(text);
  });

  it('says advertisers create their campaigns in the dashboard, now that they can', () => {
    const html = render('/advertise', 'advertise', 'en');
    expect(html).toContain('Create your campaigns in the dashboard');
    expect(html.toLowerCase()).not.toContain('coming soon');
  });

  it('uses the reward constants the server pays by', () => {
    const html = render('/creators', 'creators', 'en');
    expect(html).toMatch(/Uploading a video<\/th><td[^>]*>10</);
    expect(html).toMatch(/A counted view<\/th><td[^>]*>0.1</);
    expect(html).toContain('2 per minute, at least 10');
  });

  it('names an unknown document and lists the real ones; /docs/api is the live reference', () => {
    expect(render('/docs/no-such-guide', 'docs', 'en')).toContain('There is no document called “no-such-guide”');
    expect(render('/docs/api', 'docs', 'en')).toContain('Reading the API description from the server');
  });

  it('links only to names it knows, with the same links in Hindi as in English', () => {
    const bundles = allTranslations as unknown as Record<string, { translation: Tree }>;
    const english = new Map(texts({ info: bundles.en!.translation.info!, apiRef: bundles.en!.translation.apiRef! }));
    const hindi = new Map(texts({ info: bundles.hi!.translation.info!, apiRef: bundles.hi!.translation.apiRef! }));
    const tags = (s: string) => [...s.matchAll(/<\/?(\w+)>/g)].map((m) => m[1]!).sort();
    for (const [key, text] of english) {
      for (const tag of tags(text)) expect(tag === 'code' || tag in INFO_LINKS, `${key}: <${tag}>`).toBe(true);
      expect(tags(hindi.get(key) ?? ''), key).toEqual(tags(text));
    }
  });
});
