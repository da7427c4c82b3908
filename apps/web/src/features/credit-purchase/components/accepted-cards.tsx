// The accepted-cards picture, drawn here so no brand image file has to be fetched.
export function AcceptedCards() {
  return (
    <svg
      className="accepted-cards"
      role="img"
      aria-label="Accepted cards: Visa, Mastercard, American Express, Discover"
      viewBox="0 0 232 36"
      width="232"
      height="36"
    >
      <g>
        <rect x="0.5" y="0.5" width="52" height="35" rx="5" fill="#1a1f71" stroke="#0d1140" />
        <text
          x="26.5"
          y="23"
          textAnchor="middle"
          fontFamily="Arial, sans-serif"
          fontWeight="700"
          fontStyle="italic"
          fontSize="14"
          fill="#ffffff"
        >
          VISA
        </text>
      </g>
      <g transform="translate(59 0)">
        <rect x="0.5" y="0.5" width="52" height="35" rx="5" fill="#ffffff" stroke="#6b7884" />
        <circle cx="21" cy="18" r="10" fill="#eb001b" />
        <circle cx="32" cy="18" r="10" fill="#f79e1b" fillOpacity="0.9" />
      </g>
      <g transform="translate(118 0)">
        <rect x="0.5" y="0.5" width="52" height="35" rx="5" fill="#1f72cd" stroke="#155a9e" />
        <text
          x="26.5"
          y="22"
          textAnchor="middle"
          fontFamily="Arial, sans-serif"
          fontWeight="700"
          fontSize="11"
          fill="#ffffff"
        >
          AMEX
        </text>
      </g>
      <g transform="translate(177 0)">
        <rect x="0.5" y="0.5" width="54" height="35" rx="5" fill="#ffffff" stroke="#6b7884" />
        <text
          x="22"
          y="22"
          textAnchor="middle"
          fontFamily="Arial, sans-serif"
          fontWeight="700"
          fontSize="8.5"
          fill="#1c2630"
        >
          DISCOVER
        </text>
        <circle cx="47" cy="18" r="4" fill="#f76f20" />
      </g>
    </svg>
  );
}
