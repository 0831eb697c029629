/**
 * Regions shown on the public pages: Nigeria is live, Kenya and Ghana are coming soon with their
 * popular bookmakers. Nigeria's bookmakers are the compared providers.
 */
import { PROVIDER_IDS, providerName } from '@shared/lookups';

export type RegionSlug = 'nigeria' | 'kenya' | 'ghana';

interface Region {
  slug: RegionSlug;
  name: string;
  live: boolean;
  currency: string;
  bookmakers: readonly string[];
  tagline: string;
}

export const REGIONS: readonly Region[] = [
  {
    slug: 'nigeria',
    name: 'Nigeria',
    live: true,
    currency: '₦',
    bookmakers: PROVIDER_IDS.map(providerName),
    tagline: 'Live now: five bookmakers, four leagues, eight markets.',
  },
  {
    slug: 'kenya',
    name: 'Kenya',
    live: false,
    currency: 'KSh',
    bookmakers: ['SportPesa', 'Betika', 'Odibets', 'Betway', 'Mozzartbet'],
    tagline: 'Coming soon: SportPesa, Betika, Odibets and more.',
  },
  {
    slug: 'ghana',
    name: 'Ghana',
    live: false,
    currency: 'GH₵',
    bookmakers: ['Betway', 'SportyBet', 'betPawa', 'Soccabet', '1xBet'],
    tagline: 'Coming soon: Betway, SportyBet, betPawa and more.',
  },
];

export function regionBySlug(slug: RegionSlug): Region {
  const region = REGIONS.find((r) => r.slug === slug);
  if (!region) throw new Error(`Unknown region ${slug}`);
  return region;
}
