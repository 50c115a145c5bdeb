/**
 * One key per person's mailbox: the welcome bonus is claimed once per key, referrals refuse a
 * friend whose key is the referrer's, and a shopper's open checkouts and held stock are bounded
 * per key (decision 030). Addresses that reach the same inbox
 * get the same key: case and spaces don't matter, a `+tag` after the name is dropped (most
 * providers deliver `ada+shop@…` to `ada@…`), and at Gmail dots in the name are ignored and
 * googlemail.com is gmail.com. Other providers keep their dots: for them `a.da` and `ada` can be
 * two people. Safe for the browser (no server imports).
 */
const gmailDomains = new Set(["gmail.com", "googlemail.com"]);

export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  // A trailing dot names the same domain in DNS ("gmail.com." is gmail.com).
  const domain = address.slice(at + 1).replace(/\.+$/, "");
  let local = address.slice(0, at);
  const plus = local.indexOf("+");
  // "+tag@…" alone is no name: keep it as typed rather than make every such address one key.
  if (plus > 0) local = local.slice(0, plus);
  if (gmailDomains.has(domain)) return `${local.replaceAll(".", "")}@gmail.com`;
  return `${local}@${domain}`;
}
