/** @jest-environment node */
import { JsonArraySplitter, RowsRefused } from './jsonArraySplitter';

/** Every element the splitter hands on, and the pieces' sizes, for `text` arriving `chunk` bytes at a time. */
function split(text: string, chunk: number, pieceBytes = 64): { elements: unknown[]; pieces: number[] } {
  const bytes = new TextEncoder().encode(text);
  const elements: unknown[] = [];
  const pieces: number[] = [];
  const splitter = new JsonArraySplitter((piece) => {
    pieces.push(piece.length);
    elements.push(...piece);
  }, pieceBytes);
  for (let start = 0; start < bytes.length; start += chunk) splitter.push(bytes.slice(start, start + chunk));
  splitter.end();
  return { elements, pieces };
}

// Strings that hold the array's own punctuation, escapes of every kind, and characters of 2 to 4 bytes.
const tricky = [
  { id: 1, address: 'Rua "A", 100 [fundos] {casa}', attributes: { note: 'a\\', path: 'C:\\\\x\\"' } },
  { id: 2, address: 'São Paulo – Ação € 𝔸 北京', attributes: {} },
  [3, [4, { five: '],[' }]],
  'six, seven',
  8,
  null,
  true,
  { id: 9, nested: { deeper: [{ a: '\\"' }, '\\\\'] } },
];

it('hands on the same elements JSON.parse reads, whatever the chunks the answer arrives in', () => {
  const text = ` \n${JSON.stringify(tricky, null, 1)}\n `;
  for (const chunk of [1, 2, 3, 7, 64, text.length]) expect(split(text, chunk).elements).toEqual(tricky);
});

it('parses in pieces of about the size asked, every element once and in order', () => {
  const rows = Array.from({ length: 1_000 }, (_, id) => ({ id, label: `fix ${id}, "quoted"` }));
  const { elements, pieces } = split(JSON.stringify(rows), 1_000, 2_000);
  expect(elements).toEqual(rows);
  expect(pieces.length).toBeGreaterThan(10);
  expect(Math.max(...pieces)).toBeLessThan(100);
});

it('reads a blank answer or an empty array as no rows', () => {
  expect(split('', 4).elements).toEqual([]);
  expect(split('  [ ] ', 1).elements).toEqual([]);
});

it('refuses what is not JSON, and JSON that is not a list, as JSON.parse of the whole would', () => {
  const refusal = (text: string, pieceBytes = 64) => {
    try {
      split(text, 3, pieceBytes);
      return null;
    } catch (error) {
      return error instanceof RowsRefused ? error.reason : String(error);
    }
  };
  expect(refusal('<html>')).toBe('not JSON');
  expect(refusal('[{"id":1},{"id":2}')).toBe('not JSON');
  expect(refusal('[1,2] [3]')).toBe('not JSON');
  expect(refusal('[{"id":1}}')).toBe('not JSON');
  expect(refusal('[1,,2]')).toBe('not JSON');
  // A trailing comma where a piece was cut.
  expect(refusal('[1,2,]', 1)).toBe('not JSON');
  expect(refusal('{"rows":[]}')).toBe('not a list');
  expect(refusal('"text"')).toBe('not a list');
});
