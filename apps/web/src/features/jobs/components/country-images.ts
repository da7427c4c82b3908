// Per-country example pictures for jobs without a thumbnail (drawn for TeachEast, in ../assets).
import type { Country } from '@teacheast/shared';
import china from '../assets/china.svg';
import indonesia from '../assets/indonesia.svg';
import japan from '../assets/japan.svg';
import southKorea from '../assets/south-korea.svg';
import taiwan from '../assets/taiwan.svg';
import thailand from '../assets/thailand.svg';
import vietnam from '../assets/vietnam.svg';

const IMAGES: Record<Country, string> = {
  china,
  indonesia,
  japan,
  'south-korea': southKorea,
  taiwan,
  thailand,
  vietnam,
};

export function countryImageOf(country: string): string {
  return IMAGES[country as Country] ?? IMAGES.japan;
}
