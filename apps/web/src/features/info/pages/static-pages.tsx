import type { ComponentType } from 'react';
import { AboutPage } from './about.tsx';
import { AdvertisePage } from './advertise.tsx';
import { CommunityGuidelinesPage } from './community-guidelines.tsx';
import { CommunityPage } from './community.tsx';
import { CopyrightPage } from './copyright.tsx';
import { CreatorsPage } from './creators.tsx';
import { DevelopersPage } from './developers.tsx';
import { DocsPage } from './docs.tsx';
import { FutureVisionPage } from './future-vision.tsx';
import { PoliciesPage } from './policies.tsx';
import { PressPage } from './press.tsx';
import { PrivacyPage } from './privacy.tsx';
import { SafetyPage } from './safety.tsx';
import { SupportPage } from './support.tsx';
import { TermsPage } from './terms.tsx';
import { TutorialsPage } from './tutorials.tsx';
import { Web3Page } from './web3.tsx';

/** The static information pages by the names the router uses for them. */
const PAGES: Record<string, ComponentType> = {
  about: AboutPage,
  press: PressPage,
  copyright: CopyrightPage,
  creators: CreatorsPage,
  advertise: AdvertisePage,
  developers: DevelopersPage,
  web3: Web3Page,
  policies: PoliciesPage,
  support: SupportPage,
  futureVision: FutureVisionPage,
  privacy: PrivacyPage,
  terms: TermsPage,
  safety: SafetyPage,
  guidelines: CommunityGuidelinesPage,
  tutorials: TutorialsPage,
  community: CommunityPage,
  docs: DocsPage,
};

export function StaticPage({ name }: { name: string }) {
  const Page = PAGES[name];
  if (!Page) throw new Error(`No static page called ${name}`);
  return <Page />;
}
