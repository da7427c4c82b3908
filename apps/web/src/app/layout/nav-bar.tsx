import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/logout';
import { useSessionUser } from '../../lib/session';
import { useSiteConfig } from '../../lib/site-config';
import { toastError } from '../../lib/toast';
import { ExternalLink } from '../../ui/external-link';
import { BrandLogo } from './brand-logo';
import { CountriesMenu } from './countries-menu';

function navLinkClass({ isActive }: { isActive: boolean }) {
  return isActive ? 'site-nav__link site-nav__link--active' : 'site-nav__link';
}

/** The navigation bar: what it offers depends on whether someone is logged in. */
export function NavBar() {
  const user = useSessionUser();
  const { data: config } = useSiteConfig();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  // On phones the menu covers the page. It is open "at" one location, so following a link
  // (a new location) closes it without extra code.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const isMenuOpen = menuOpenAt === location.key;

  const onLogout = () => {
    if (logout.isPending) return;
    logout.mutate(undefined, {
      onSuccess: () => navigate(paths.home()),
      onError: (error) => {
        // The session is already forgotten locally; only tell the person if something odd happened.
        toastError(error);
        navigate(paths.home());
      },
    });
  };

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.home()} className="brand">
          <BrandLogo />
          <span className="brand__name">TeachEast</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={isMenuOpen}
          aria-controls="site-nav-list"
          onClick={() => setMenuOpenAt(isMenuOpen ? null : location.key)}
        >
          <svg className="menu-toggle__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            {isMenuOpen ? (
              <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" />
            ) : (
              <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" />
            )}
          </svg>
          Menu
        </button>
        <nav className="site-nav" aria-label="Main">
          <ul id="site-nav-list" className={isMenuOpen ? 'site-nav__list site-nav__list--open' : 'site-nav__list'}>
            {config?.blogUrl && (
              <li className="site-nav__item">
                <ExternalLink href={config.blogUrl} className="site-nav__link">
                  Blog
                </ExternalLink>
              </li>
            )}
            <CountriesMenu />
            <li className="site-nav__item">
              {user ? (
                <NavLink to={paths.postResumeStep('details', user.uuid)} className={navLinkClass}>
                  Post Resume
                </NavLink>
              ) : (
                // A plain link: for visitors it leads to /register, which must not look like "Post Resume".
                <Link to={paths.register()} className="site-nav__link">
                  Post Resume
                </Link>
              )}
            </li>
            {user && (
              <li className="site-nav__item">
                <NavLink to={paths.resumeBoard({ page: 1 })} className={navLinkClass}>
                  Resume Board
                </NavLink>
              </li>
            )}
            <li className="site-nav__item">
              <NavLink to={paths.purchaseJobs()} className={navLinkClass}>
                Post Job
              </NavLink>
            </li>
            {user ? (
              <>
                <li className="site-nav__item">
                  <NavLink to={paths.account()} className={navLinkClass}>
                    Account
                  </NavLink>
                </li>
                <li className="site-nav__item">
                  <button
                    type="button"
                    className="site-nav__link site-nav__button"
                    onClick={onLogout}
                    aria-busy={logout.isPending || undefined}
                  >
                    Logout
                  </button>
                </li>
              </>
            ) : (
              <>
                <li className="site-nav__item">
                  <NavLink to={paths.login()} className={navLinkClass}>
                    Login
                  </NavLink>
                </li>
                <li className="site-nav__item">
                  <NavLink to={paths.register()} className="site-nav__link site-nav__link--cta">
                    Register
                  </NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
