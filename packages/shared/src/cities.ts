import type { Country } from './enums.js';
import cityData from './cities.json' with { type: 'json' };

/** The fixed city list per country, sorted by label. */
export const CITIES: Record<Country, readonly string[]> = Object.fromEntries(
  Object.entries(cityData as Record<string, string[]>).map(([country, list]) => [
    country,
    [...list].sort((a, b) => a.localeCompare(b, 'en')),
  ]),
) as unknown as Record<Country, readonly string[]>;

export function isCityOf(country: string, city: string): boolean {
  return (CITIES as Record<string, readonly string[]>)[country]?.includes(city) ?? false;
}
