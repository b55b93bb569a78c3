// Shapes of the structured static content (spec §3 "Static content"). Every language file under
// content/<lang>/ exports values of these types, so the languages cannot drift apart in shape.

/**
 * An image slot. Without `src` a pixel-art placeholder is generated from `seed`, so nothing is
 * hot-linked; an operator who adds a real picture puts it in the app's public folder and sets `src`
 * to its local path.
 */
export interface ContentImage {
  seed: string;
  alt: string;
  src?: string;
}

export interface FaqItem {
  id: string;
  title: string;
  /** One string per paragraph. */
  content: readonly string[];
  image?: ContentImage;
}

export interface Faq {
  title: string;
  items: readonly FaqItem[];
}

export interface TextBlock {
  title: string;
  paragraphs: readonly string[];
  points: readonly string[];
}

export interface WhyJoin {
  loggedOut: TextBlock;
  loggedIn: TextBlock;
}

export interface BusinessModelStep {
  id: string;
  title: string;
  text: string;
}

export interface BusinessModel {
  title: string;
  intro: string;
  steps: readonly BusinessModelStep[];
  /** Plain-language risk reminder shown under the steps. */
  riskNote: string;
}

export interface FeatureCard {
  id: string;
  title: string;
  text: string;
  /** Seed of the card's pixel-art icon. */
  iconSeed: string;
}

export interface TeamHead {
  id: string;
  /** Short title shown as a badge: CEO, COO, CTO, CMO, CLO. */
  displayTitle: string;
  name: string;
  role: string;
  description: string;
  image: ContentImage;
  /** Link to the person's video presentation (shown as "presentation"). */
  reelUrl: string;
}

export interface StaffMember {
  id: string;
  name: string;
  role: string;
  image: ContentImage;
}

export interface EssenceCard {
  id: 'vision' | 'mission';
  title: string;
  text: string;
  /** External document with the full text. */
  documentUrl: string;
}

export interface Partner {
  id: string;
  name: string;
  url: string;
  logo: ContentImage;
}

export interface Endorser {
  id: string;
  name: string;
  /** Who the person is: role and organisation. */
  title: string;
  image: ContentImage;
}

export interface PressItem {
  id: string;
  /** Name of the publication. */
  name: string;
  citation: string;
  url: string;
  logo: ContentImage;
}
