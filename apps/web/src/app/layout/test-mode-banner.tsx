import { useSiteConfig } from '../../lib/site-config';

/** While the server takes test payments, every page says so: no card is charged in this mode. */
export function TestModeBanner() {
  const { data: config } = useSiteConfig();
  if (config?.paymentProvider !== 'test') return null;
  // A landmark of its own, so everything on the page stays inside one.
  return (
    <aside className="test-mode-banner" aria-label="Test mode">
      <p>
        <strong>Test mode:</strong> payments here are not real and no card is charged. Pay with the card 4242 4242 4242
        4242.
      </p>
    </aside>
  );
}
