import { toast } from '../../../lib/toast';

/** The e-mail as a mailto link with a button that copies the address. */
export function CopyEmail({ email, interactive = true }: { email: string; interactive?: boolean }) {
  // Never rejects: a refused clipboard ends in a toast.
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(email);
      toast.success('E-mail address copied');
    } catch {
      toast.error('Could not copy. Please select the address and copy it.');
    }
  };
  return (
    <span className="copy-email">
      <a href={`mailto:${email}`}>{email}</a>
      {interactive && (
        <button
          type="button"
          className="copy-email__button"
          onClick={() => void copy()}
          aria-label="Copy e-mail address"
          title="Copy e-mail address"
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z"
            />
          </svg>
        </button>
      )}
    </span>
  );
}
