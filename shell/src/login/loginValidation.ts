/** SPEC §5 login rules. Each returns the SPEC §8 code to show, or null when the input may be sent. */

export function validateLogin({ email, password }: { email: string; password: string }): 'FILL_ALL_FIELDS' | null {
  return email.trim() && password ? null : 'FILL_ALL_FIELDS';
}

/**
 * The token of a share link, from whatever the user pasted: the whole link
 * (`https://host/share/abc`), a path (`/share/abc`) or the bare token. Null when there is none.
 */
export function shareTokenFrom(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const fromPath = /\/share\/([^/?#\s]+)/.exec(text);
  if (fromPath?.[1]) return decodeURIComponent(fromPath[1]);
  return /^[^/?#\s]+$/.test(text) ? text : null;
}

/** A token login needs a token (SPEC §5: else FILL_ALL_FIELDS). */
export function validateShareAccess(input: string): 'FILL_ALL_FIELDS' | null {
  return shareTokenFrom(input) ? null : 'FILL_ALL_FIELDS';
}
