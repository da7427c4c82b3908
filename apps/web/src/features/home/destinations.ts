import type { Country } from '@teacheast/shared';

export interface Destination {
  country: Country;
  name: string;
  tagline: string;
}

/** The seven destinations, in the order the home page lists them. */
export const DESTINATIONS: readonly Destination[] = [
  {
    country: 'china',
    name: 'China',
    tagline: 'Megacity academies and small-town classrooms, from Shanghai to Chengdu.',
  },
  {
    country: 'japan',
    name: 'Japan',
    tagline: 'Teach where centuries-old tradition and tomorrow share the same street.',
  },
  {
    country: 'south-korea',
    name: 'South Korea',
    tagline: 'Public schools, hagwons and universities in a fast-paced, friendly country.',
  },
  {
    country: 'thailand',
    name: 'Thailand',
    tagline: 'Warm classrooms, warmer people, and weekends by the sea.',
  },
  {
    country: 'taiwan',
    name: 'Taiwan',
    tagline: 'Night markets, mountain trails and students eager to learn.',
  },
  {
    country: 'vietnam',
    name: 'Vietnam',
    tagline: 'A fast-growing demand for teachers, from Hanoi to Ho Chi Minh City.',
  },
  {
    country: 'indonesia',
    name: 'Indonesia',
    tagline: 'Thousands of islands and schools that welcome new teachers.',
  },
];
