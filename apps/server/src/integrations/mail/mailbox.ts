// The mailbox an e-mail address reaches, so that limits and caps count a person, not a spelling:
// `Jane+jobs@Example.com` and `jane@example.com` reach one inbox, and so do `j.a.n.e@googlemail.com`
// and `jane@gmail.com`. Only for counting: mail still goes to the address as it was typed.

/** Providers that ignore dots in the local part, each with the domain its addresses are counted under. */
const DOTS_IGNORED: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The address in lower case, without a `+sub-address`, and without dots in the local part at the
 * providers that ignore them (with googlemail.com counted as gmail.com).
 */
export function mailboxKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  // A local part that starts with "+" has no mailbox name before its tag: kept whole.
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTS_IGNORED[domain];
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}

/** The domain a mailbox is counted under (gmail.com for googlemail.com too). */
export function mailboxDomain(address: string): string {
  const key = mailboxKey(address);
  return key.slice(key.lastIndexOf('@') + 1);
}
