/**
 * One Intl formatter per language and options. Building one costs far more than formatting with
 * it, and a list row formats a time and a speed on every render (a screenful of new rows per
 * keystroke); the kinds of formats in use are few, so the cache stays small.
 */
export function formatterFor<Formatter>(cache: Map<string, Formatter>, key: string, create: () => Formatter): Formatter {
  let formatter = cache.get(key);
  if (!formatter) cache.set(key, (formatter = create()));
  return formatter;
}
