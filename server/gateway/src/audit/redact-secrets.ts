// Keys whose values never reach the log: passwords, session and API tokens, integration secrets.
const SECRET_KEY = /pass(word)?|token|secret|api[-_]?key|credential/i;
// The map providers' keys among the server settings (`googleKey`, `bingMapsKey`, …): a word ending in `Key`, case as written.
const PROVIDER_KEY = /[a-z]Key$/;

/** A copy of `value` with every secret-looking key's value replaced, at any depth. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) || PROVIDER_KEY.test(key) ? '[redacted]' : redactSecrets(inner)]));
}
