import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { COUNTRIES } from '@teacheast/shared';
import { paths } from '../../config/paths';

/** "Countries" in the navigation: a disclosure listing the seven job searches. */
export function CountriesMenu() {
  const location = useLocation();
  // Open "at" one location: following a link (a new location) closes the menu by itself.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const isOpen = openAt === location.key;
  const setIsOpen = (open: boolean) => setOpenAt(open ? location.key : null);
  const listId = useId();
  const containerRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // A click elsewhere and Escape close it too.

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenAt(null);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  return (
    <li className="site-nav__item site-nav__item--menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="site-nav__link site-nav__menu-button"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen(!isOpen)}
      >
        Countries
        <svg className="site-nav__chevron" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <ul id={listId} className="site-nav__submenu" hidden={!isOpen}>
        {COUNTRIES.map((country) => (
          <li key={country.value}>
            <Link className="site-nav__submenu-link" to={paths.jobs({ country: country.value, page: 1 })}>
              {country.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
