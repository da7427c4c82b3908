import { useSiteConfig } from '../../lib/site-config';

/** While the server takes test payments, every page says so: no card is charged in this mode. */
export function TestModeBanner() {
  const { data: config } = useSiteConfig();
  if (config?.paymentProvider !== 'test') return null;
  return (
    <p className="test-mode-banner" role="note">
      <strong>Test mode:</strong> payments here are not real and no card is charged. Pay with the card 4242 4242 4242
      4242.
    </p>
  );
}
