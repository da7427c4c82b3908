// Text that JSON, HTML and the databases must each keep exactly as it was typed: quotes and
// backslashes, control characters, every script and emoji, markup, separators JSON allows raw.
export const HOSTILE_TEXT = [
  'Quote " and backslash \\ and slash /',
  'New\nline, tab\t, return\r, form\f, back\b and \u0001\u001f controls',
  'Đà Nẵng — 東京 — 서울 — กรุงเทพ — emoji 🎓👩‍🏫',
  '</script><script>alert(1)</script><!-- -->',
  '\u2028 line and paragraph \u2029 separators, bidi \u202e override',
  "Apostrophe's and ${template} and %s and %03d",
];
