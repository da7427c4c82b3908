import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { DESTINATIONS } from '../destinations';
import { CountryIllustration } from './country-illustrations';

/**
 * One card per country. Only the heading is a link (stretched over the card with CSS), so a
 * screen reader hears "China, link" rather than the whole tagline as the link name.
 */
export function DestinationCards() {
  return (
    <ul className="destination-grid">
      {DESTINATIONS.map(({ country, name, tagline }) => (
        <li key={country} className="destination-card">
          <CountryIllustration country={country} />
          <div className="destination-card__body">
            <h3 className="destination-card__name">
              <Link className="destination-card__link" to={paths.jobs({ country, page: 1 })}>
                {name}
              </Link>
            </h3>
            <p className="destination-card__tagline">{tagline}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
