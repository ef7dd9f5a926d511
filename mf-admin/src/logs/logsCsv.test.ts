import Papa from 'papaparse';
import { auditEntry } from './auditEntry.fixture';
import { logsCsv } from './logsCsv';

const entry = auditEntry(1, { userName: 'Admin, the first', changes: { name: '=HYPERLINK("x")' }, before: null });

it('exports one row per entry under a header, commas and quotes escaped, formulas defused', () => {
  const csv = logsCsv([entry]);
  const [header, row] = Papa.parse<string[]>(csv.trim()).data;
  expect(header).toEqual(['at', 'userId', 'userName', 'userEmail', 'domain', 'clientIp', 'action', 'objectType', 'objectId', 'deviceId', 'changes', 'before']);
  expect(row?.slice(0, 3)).toEqual(['2026-11-26T06:00:00.000Z', '1', 'Admin, the first']);
  expect(row?.[10]).toBe('{"name":"=HYPERLINK(\\"x\\")"}');
  expect(row?.[11]).toBe('');
});
