// The mark of a school whose registration an operator checked (BEYOND §8), wherever a school shows:
// its page, the directory, the owner's account and the postings of its jobs. Nothing marks a school
// without one.
import { registrationCheckedText } from '../school-words';

/** "✓ Registration checked March 2, 2026", or without the date where only the mark is known. */
export function RegistrationChecked({ checkedAt }: { checkedAt?: string | null }) {
  return (
    <span className="school-check">
      {/* Decorative: the words say it. */}
      <svg
        className="school-check__icon"
        viewBox="0 0 20 20"
        width="18"
        height="18"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="10" cy="10" r="9" fill="currentColor" />
        <path d="M5.5 10.5l3 3 6-6.5" fill="none" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {registrationCheckedText(checkedAt)}
    </span>
  );
}
