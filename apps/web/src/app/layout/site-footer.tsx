import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSessionUser } from '../../lib/session';
import { useSiteConfig } from '../../lib/site-config';
import { ExternalLink } from '../../ui/external-link';

/** The footer: the site's links, with Login and Create Account for visitors, Post Resume and Account for members. */
export function SiteFooter() {
  const user = useSessionUser();
  const { data: config } = useSiteConfig();

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to={paths.home()}>Home</Link>
            </li>
            <li>
              <Link to={paths.schools()}>Schools</Link>
            </li>
            <li>
              <Link to={paths.safety()}>Staying safe</Link>
            </li>
            <li>
              <Link to={paths.contactUs()}>Contact Us</Link>
            </li>
            <li>
              <Link to={paths.purchaseJobs()}>Post Job</Link>
            </li>
            {user ? (
              <>
                <li>
                  <Link to={paths.postResumeStep('details', user.uuid)}>Post Resume</Link>
                </li>
                <li>
                  <Link to={paths.account()}>Account</Link>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link to={paths.login()}>Login</Link>
                </li>
                <li>
                  <Link to={paths.register()}>Create Account</Link>
                </li>
              </>
            )}
            <li>
              <Link to={paths.termsOfService()}>Terms Of Service</Link>
            </li>
            {config?.socialUrl && (
              <li>
                <ExternalLink href={config.socialUrl}>Follow us on social media</ExternalLink>
              </li>
            )}
          </ul>
        </nav>
        <p className="site-footer__legal">
          © {new Date().getFullYear()} TeachEast. Teaching jobs in East and Southeast Asia.
        </p>
      </div>
    </footer>
  );
}
