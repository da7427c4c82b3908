import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { DESTINATIONS } from '../destinations';

/**
 * Choosing a country and pressing the button starts a search. Navigating on the select's change
 * would move keyboard users away while they arrow through the options (WCAG 3.2.2).
 */
export function CountrySelector() {
  const navigate = useNavigate();
  const id = useId();
  const [country, setCountry] = useState('');
  const [isMissing, setIsMissing] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!country) {
      setIsMissing(true);
      return;
    }
    navigate(paths.jobs({ country, page: 1 }));
  };

  return (
    // action and names: the server renders this page ahead, and the form works before the app's code has run.
    <form
      className="country-selector"
      action="/jobs"
      method="get"
      onSubmit={onSubmit}
      role="search"
      aria-label="Find teaching jobs"
    >
      <input type="hidden" name="page" value="1" />
      <label className="country-selector__label" htmlFor={id}>
        Where do you want to teach?
      </label>
      <div className="country-selector__row">
        <select
          id={id}
          name="country"
          className="country-selector__select"
          value={country}
          aria-invalid={isMissing || undefined}
          aria-describedby={isMissing ? `${id}-error` : undefined}
          onChange={(event) => {
            setCountry(event.target.value);
            setIsMissing(false);
          }}
        >
          <option value="">Choose a country</option>
          {DESTINATIONS.map((d) => (
            <option key={d.country} value={d.country}>
              {d.name}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--accent">
          Find jobs
        </button>
      </div>
      {isMissing && (
        <p className="country-selector__error" id={`${id}-error`}>
          Choose a country first.
        </p>
      )}
    </form>
  );
}
