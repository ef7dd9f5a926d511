const MARKUP: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const KEPT_CONTROLS = new Set(['\t', '\n', '\r']);
/** Markup characters, and what XML 1.0 cannot hold: control characters, unpaired surrogates, U+FFFE and U+FFFF. */
const UNSAFE = /[&<>"'\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu;

/**
 * Text for an XML element or attribute value: markup escaped, and the characters no XML may hold at
 * all (a control character in a device's name, say) left out, since one of them makes the whole file
 * unreadable. Tabs and line breaks stay.
 */
export function xmlText(text: string): string {
  return text.replace(UNSAFE, (character) => MARKUP[character] ?? (KEPT_CONTROLS.has(character) ? character : ''));
}
