// Per-country example pictures for jobs without a thumbnail (drawn for TeachEast, in ../assets).
// Each comes two ways. As a file of its own, fetched once and cached for a year: most tiles use it,
// since a picture written into the page (1.3 KB escaped) was a third of a search page's HTML when
// every tile carried it. Written into the page: the pictures in view at once (the first tiles, a
// posting's header), the largest thing on the page, which then paint without waiting for a request.
import type { Country } from '@teacheast/shared';
import china from '../assets/china.svg?no-inline';
import chinaInline from '../assets/china.svg?inline';
import indonesia from '../assets/indonesia.svg?no-inline';
import indonesiaInline from '../assets/indonesia.svg?inline';
import japan from '../assets/japan.svg?no-inline';
import japanInline from '../assets/japan.svg?inline';
import southKorea from '../assets/south-korea.svg?no-inline';
import southKoreaInline from '../assets/south-korea.svg?inline';
import taiwan from '../assets/taiwan.svg?no-inline';
import taiwanInline from '../assets/taiwan.svg?inline';
import thailand from '../assets/thailand.svg?no-inline';
import thailandInline from '../assets/thailand.svg?inline';
import vietnam from '../assets/vietnam.svg?no-inline';
import vietnamInline from '../assets/vietnam.svg?inline';

type Images = Record<Country, string>;

const FILES: Images = {
  china,
  indonesia,
  japan,
  'south-korea': southKorea,
  taiwan,
  thailand,
  vietnam,
};

const INLINE: Images = {
  china: chinaInline,
  indonesia: indonesiaInline,
  japan: japanInline,
  'south-korea': southKoreaInline,
  taiwan: taiwanInline,
  thailand: thailandInline,
  vietnam: vietnamInline,
};

/** The country's picture: written into the page when `inView` (painted at once), else its file's address. */
export function countryImageOf(country: string, inView = false): string {
  const images = inView ? INLINE : FILES;
  return images[country as Country] ?? images.japan;
}
