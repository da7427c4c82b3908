import { useEffect } from 'react';
import { CountrySelector } from '../../features/home/components/country-selector';
import { DestinationCards } from '../../features/home/components/destination-cards';
import '../../features/home/components/home.css';
import { clearSearchState } from '../../lib/search-state';
import { usePageTitle } from '../../ui/use-page-title';

export function HomePage() {
  usePageTitle('');
  // Opening the home page starts a fresh search.
  useEffect(() => clearSearchState(), []);

  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-title">
        <div className="home-hero__inner">
          <h1 id="home-title" className="home-hero__title">
            Teach in East and Southeast Asia
          </h1>
          <p className="home-hero__lead">
            Teaching jobs at schools, academies and universities in China, Japan, South Korea, Thailand, Taiwan, Vietnam
            and Indonesia.
          </p>
          <CountrySelector />
        </div>
      </section>
      <section className="home-destinations" aria-labelledby="destinations-title">
        <h2 id="destinations-title" className="home-destinations__title">
          Choose your destination
        </h2>
        <DestinationCards />
      </section>
    </div>
  );
}
