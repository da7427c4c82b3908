/** The TeachEast mark: a mountain under a rising sun. */
export function BrandLogo() {
  return (
    <svg className="brand__logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#ffffff" />
      <circle cx="22" cy="10" r="4" fill="#d98a12" />
      <path d="M4 26 13 12l5 7 3-4 7 11z" fill="#0f5c6e" />
    </svg>
  );
}
