// Hand-drawn destination pictures, one per country. Decorative: the card's heading names the place.
import type { Country } from '@teacheast/shared';
import type { ReactNode } from 'react';

function Frame({ children }: { children: ReactNode }) {
  return (
    <svg
      className="destination-card__picture"
      viewBox="0 0 320 180"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      xmlns="http://www.w3.org/2000/svg"
    >
      {children}
    </svg>
  );
}

/** The Great Wall winding over green ridges at sunrise. */
function China() {
  return (
    <Frame>
      <rect width="320" height="180" fill="#fde4c4" />
      <circle cx="252" cy="52" r="24" fill="#e4572e" />
      <path d="M0 120 L40 84 L78 104 L122 62 L170 100 L214 70 L262 108 L320 80 V180 H0Z" fill="#a8c3a0" />
      <path d="M0 150 L50 118 L96 136 L150 104 L206 138 L258 114 L320 140 V180 H0Z" fill="#6f9c70" />
      <path
        d="M-4 152 L50 120 L96 138 L150 106 L206 140 L258 116 L324 142"
        fill="none"
        stroke="#b8894f"
        strokeWidth="9"
        strokeLinejoin="round"
      />
      <path
        d="M-4 145 L50 113 L96 131 L150 99 L206 133 L258 109 L324 135"
        fill="none"
        stroke="#b8894f"
        strokeWidth="5"
        strokeDasharray="5 4"
        strokeLinejoin="round"
      />
      {[
        [40, 102],
        [140, 88],
        [248, 98],
      ].map(([x, y]) => (
        <g key={x} fill="#9a6d3a">
          <rect x={x} y={y} width="20" height="26" />
          <path d={`M${x - 2} ${y} h24 v-6 h-4 v3 h-4 v-3 h-4 v3 h-4 v-3 h-4 v3 h-4 v-3 z`} />
          <rect x={x + 7} y={y + 8} width="6" height="9" rx="3" fill="#5b3f1f" />
        </g>
      ))}
      <path d="M0 170 Q80 160 160 172 T320 166 V180 H0Z" fill="#4f7f55" />
    </Frame>
  );
}

/** Mount Fuji behind a torii gate, with the red sun. */
function Japan() {
  return (
    <Frame>
      <rect width="320" height="180" fill="#e3f1f8" />
      <circle cx="236" cy="56" r="28" fill="#d7263d" />
      <path d="M40 150 L150 48 Q160 40 170 48 L290 150Z" fill="#56698c" />
      <path d="M150 48 Q160 40 170 48 L196 72 L184 80 L174 70 L164 84 L152 72 L140 82 L130 70Z" fill="#ffffff" />
      <rect y="140" width="320" height="40" fill="#9fcfe3" />
      <path d="M0 150 H320" stroke="#ffffff" strokeWidth="2" strokeDasharray="14 10" opacity="0.7" />
      <g fill="#c8312b">
        <path d="M18 66 Q62 58 106 66 L104 74 Q62 67 20 74Z" />
        <rect x="24" y="82" width="76" height="6" />
        <rect x="34" y="72" width="8" height="96" />
        <rect x="82" y="72" width="8" height="96" />
        <rect x="58" y="74" width="8" height="10" />
      </g>
      <g fill="#f5b3c4">
        <circle cx="282" cy="128" r="10" />
        <circle cx="296" cy="120" r="9" />
        <circle cx="270" cy="120" r="8" />
        <circle cx="306" cy="132" r="7" />
      </g>
      <path d="M288 128 L292 170" stroke="#6b4a3a" strokeWidth="4" />
    </Frame>
  );
}

/** A palace gate with sweeping eaves in front of Seoul's hills. */
function SouthKorea() {
  return (
    <Frame>
      <rect width="320" height="180" fill="#e8f0fb" />
      <path d="M0 118 Q60 70 120 104 Q180 60 240 96 Q284 74 320 92 V180 H0Z" fill="#8fb39f" />
      <path d="M236 96 L240 40 L244 96Z" fill="#6c7a89" />
      <ellipse cx="240" cy="58" rx="6" ry="4" fill="#6c7a89" />
      <path d="M70 176 L92 126 H228 L250 176Z" fill="#a3a29c" />
      <path d="M142 176 V152 Q160 132 178 152 V176Z" fill="#4a4a46" />
      <rect x="104" y="104" width="112" height="22" fill="#b5473a" />
      <rect x="104" y="104" width="112" height="6" fill="#2e8b7a" />
      <path d="M84 108 Q100 98 112 96 H208 Q220 98 236 108 Q222 102 208 104 H112 Q98 102 84 108Z" fill="#33414f" />
      <path d="M70 100 Q96 80 120 78 H200 Q224 80 250 100 Q226 90 200 92 H120 Q94 90 70 100Z" fill="#33414f" />
      <rect x="118" y="70" width="84" height="12" fill="#b5473a" />
      <rect x="118" y="70" width="84" height="4" fill="#2e8b7a" />
      <path d="M92 72 Q116 52 136 50 H184 Q204 52 228 72 Q206 62 184 64 H136 Q114 62 92 72Z" fill="#33414f" />
      <rect x="0" y="172" width="320" height="8" fill="#7c9a88" />
    </Frame>
  );
}

/** A golden chedi and temple roofs at sunset, palms by the water. */
function Thailand() {
  return (
    <Frame>
      <rect width="320" height="180" fill="#ffe6cf" />
      <circle cx="70" cy="60" r="26" fill="#f4a04c" />
      <rect y="146" width="320" height="34" fill="#78c0c6" />
      <path d="M20 160 H90 M130 168 H220 M250 158 H300" stroke="#ffffff" strokeWidth="2" opacity="0.7" />
      <path d="M172 24 L176 60 H168Z" fill="#d9a21b" />
      <path d="M158 92 Q158 66 172 58 Q186 66 186 92Z" fill="#e6b325" />
      <rect x="150" y="92" width="44" height="10" fill="#cf9a16" />
      <path d="M108 146 V118 L128 100 H216 L236 118 V146Z" fill="#f6efe3" />
      <path d="M96 122 L136 92 H208 L248 122 H232 L204 102 H140 L112 122Z" fill="#c8452c" />
      <path d="M112 122 L140 102 H204 L232 122Z" fill="#2f7d5b" />
      <path d="M90 124 L100 112 L104 124Z M254 124 L244 112 L240 124Z" fill="#d9a21b" />
      <rect x="160" y="120" width="24" height="26" fill="#8c3a22" />
      <g>
        <path d="M278 146 Q282 108 270 84" stroke="#7a5a3a" strokeWidth="5" fill="none" />
        <path
          d="M270 84 Q250 78 236 92 M270 84 Q288 70 304 80 M270 84 Q262 64 246 62 M270 84 Q288 90 298 104 M270 84 Q274 64 290 58"
          stroke="#3f8a4e"
          strokeWidth="6"
          fill="none"
          strokeLinecap="round"
        />
      </g>
    </Frame>
  );
}

/** Taipei 101 rising over the city, green mountains behind. */
function Taiwan() {
  const segments = Array.from({ length: 7 }, (_, i) => 112 - i * 11);
  return (
    <Frame>
      <rect width="320" height="180" fill="#e2f2f2" />
      <path d="M0 126 Q50 80 110 112 Q170 66 230 102 Q280 78 320 98 V180 H0Z" fill="#82b094" />
      <path d="M0 150 Q70 120 140 140 Q220 118 320 138 V180 H0Z" fill="#5f9677" />
      <g fill="#9fb3bf">
        <rect x="40" y="128" width="26" height="52" />
        <rect x="72" y="138" width="20" height="42" />
        <rect x="206" y="124" width="24" height="56" />
        <rect x="236" y="134" width="30" height="46" />
        <rect x="272" y="142" width="22" height="38" />
      </g>
      <rect x="146" y="124" width="32" height="56" fill="#3f7f86" />
      {segments.map((y) => (
        <path
          key={y}
          d={`M146 ${y + 12} L142 ${y} H182 L178 ${y + 12}Z`}
          fill="#4f969d"
          stroke="#2f6870"
          strokeWidth="1.5"
        />
      ))}
      <rect x="152" y="26" width="20" height="10" fill="#3f7f86" />
      <path d="M162 4 V26" stroke="#2f6870" strokeWidth="3" />
      <rect x="0" y="172" width="320" height="8" fill="#4d7f63" />
    </Frame>
  );
}

/** Limestone karsts of Ha Long Bay and a junk boat under sail. */
function Vietnam() {
  return (
    <Frame>
      <rect width="320" height="180" fill="#e4f3ec" />
      <path d="M20 130 Q18 70 44 58 Q68 62 66 130Z" fill="#8cb5a0" />
      <path d="M210 130 Q204 52 238 40 Q270 50 262 130Z" fill="#8cb5a0" />
      <path d="M60 132 Q58 86 86 76 Q110 86 104 132Z" fill="#5f8f7b" />
      <path d="M250 134 Q248 92 276 84 Q304 96 300 134Z" fill="#5f8f7b" />
      <path d="M170 132 Q170 102 188 96 Q204 104 200 132Z" fill="#6f9f88" />
      <rect y="128" width="320" height="52" fill="#6fb3bf" />
      <path
        d="M10 144 Q24 140 38 144 M200 150 Q214 146 228 150 M260 168 Q276 164 292 168 M40 166 Q56 162 72 166"
        stroke="#e8f6f7"
        strokeWidth="2"
        fill="none"
      />
      <path d="M112 146 H184 L174 160 H124Z" fill="#6b3f26" />
      <path d="M146 146 V78" stroke="#4a2c1a" strokeWidth="3" />
      <path d="M148 80 Q178 92 176 140 H148Z" fill="#c9552e" />
      <path d="M144 90 Q122 104 124 140 H144Z" fill="#d9743f" />
      <g stroke="#8a3a1c" strokeWidth="1.5">
        <path d="M148 96 H172 M148 110 H176 M148 124 H176" />
        <path d="M128 110 H144 M125 124 H144" />
      </g>
    </Frame>
  );
}

/** A smoking volcano above stepped rice terraces. */
function Indonesia() {
  return (
    <Frame>
      <rect width="320" height="180" fill="#fff0d4" />
      <g fill="#ffffff" opacity="0.9">
        <circle cx="196" cy="30" r="12" />
        <circle cx="212" cy="22" r="10" />
        <circle cx="228" cy="28" r="9" />
      </g>
      <path d="M80 120 L182 44 H206 L300 120Z" fill="#8a6f5a" />
      <path d="M182 44 H206 L216 56 L200 52 L192 60 L184 52 L172 56Z" fill="#6b5444" />
      <path d="M0 110 Q160 88 320 112 V180 H0Z" fill="#9acb6d" />
      <path d="M0 126 Q160 104 320 128" stroke="#6fa84b" strokeWidth="5" fill="none" />
      <path d="M0 142 Q160 120 320 144" stroke="#5e9a3f" strokeWidth="6" fill="none" />
      <path d="M0 158 Q160 136 320 160" stroke="#4f8a34" strokeWidth="7" fill="none" />
      <path d="M0 174 Q160 152 320 176" stroke="#437a2b" strokeWidth="8" fill="none" />
      <path d="M40 170 Q44 130 34 104" stroke="#6b4a2e" strokeWidth="4" fill="none" />
      <path
        d="M34 104 Q16 98 6 110 M34 104 Q50 90 66 98 M34 104 Q26 86 12 86 M34 104 Q52 106 58 120"
        stroke="#3f7f3a"
        strokeWidth="5"
        fill="none"
        strokeLinecap="round"
      />
    </Frame>
  );
}

const ILLUSTRATIONS: Record<Country, () => ReactNode> = {
  china: China,
  japan: Japan,
  'south-korea': SouthKorea,
  thailand: Thailand,
  taiwan: Taiwan,
  vietnam: Vietnam,
  indonesia: Indonesia,
};

export function CountryIllustration({ country }: { country: Country }) {
  const Illustration = ILLUSTRATIONS[country];
  return <Illustration />;
}
