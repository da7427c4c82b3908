import { KEYWORDS_MAX_LENGTH } from '@teacheast/shared';
import { useEffect, useId, useState } from 'react';

interface KeywordBoxProps {
  /** The search's keywords, as the URL states them. */
  q: string | undefined;
  /** Before a country is chosen there is nothing to search in. */
  disabled: boolean;
}

/**
 * The keywords and their Search button, inside the filters' form: the form's submit reads the box
 * by its name (q), as the GET form does before the app has run.
 */
export function KeywordBox({ q, disabled }: KeywordBoxProps) {
  const id = useId();
  const [typed, setTyped] = useState(q ?? '');

  // Back, forward or a link to another search: the box shows that search's words.
  useEffect(() => setTyped(q ?? ''), [q]);

  return (
    <div className="job-keywords">
      <label className="field__label" htmlFor={id}>
        Keywords
      </label>
      <div className="job-keywords__row">
        <input
          id={id}
          name="q"
          type="search"
          className="field__control"
          placeholder="e.g. business English, kindergarten"
          maxLength={KEYWORDS_MAX_LENGTH}
          enterKeyHint="search"
          value={typed}
          disabled={disabled}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="button button--primary job-keywords__submit" disabled={disabled}>
          Search
        </button>
      </div>
    </div>
  );
}
