/** The image types a theme accepts, told apart by their content, never by a name or a header the client chose. */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/x-icon' | 'image/svg+xml';

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

// Four fixed signatures. A library such as file-type would do this too, but its current versions
// are ESM-only (our Jest runs CommonJS) and we need exactly these.
const BINARY_SIGNATURES: ReadonlyArray<{ type: ImageType; matches(bytes: Buffer): boolean }> = [
  { type: 'image/png', matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  { type: 'image/webp', matches: (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8) },
  { type: 'image/x-icon', matches: (bytes) => startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length > 6 },
];

// An SVG is UTF-8 text whose first element is <svg>, after an optional BOM, XML declaration,
// comments and doctype. Control bytes mean it is not text at all.
const SVG_PROLOGUE = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i;

function isSvg(bytes: Buffer): boolean {
  if (bytes.some((byte) => byte < 0x09 || (byte > 0x0d && byte < 0x20))) return false;
  return SVG_PROLOGUE.test(bytes.toString('utf8')) && /<\/svg\s*>\s*$/i.test(bytes.toString('utf8'));
}

/** What the bytes are, or null when they are none of the accepted image types. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  const binary = BINARY_SIGNATURES.find((signature) => signature.matches(bytes));
  if (binary) return binary.type;
  return isSvg(bytes) ? 'image/svg+xml' : null;
}
