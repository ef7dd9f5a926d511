import { ValueType } from 'exceljs';
import { buildSpreadsheet, DATE_FORMAT, readSpreadsheet, DURATION_FORMAT, msToDays, type Column } from './spreadsheet';

interface Trip {
  device: string;
  start: Date;
  km: number;
  durationMs: number;
}

const columns: Column<Trip>[] = [
  { header: 'Device', value: (trip) => trip.device },
  { header: 'Start', value: (trip) => trip.start, format: DATE_FORMAT },
  { header: 'Distance (km)', value: (trip) => trip.km },
  { header: 'Duration', value: (trip) => msToDays(trip.durationMs), format: DURATION_FORMAT },
];

describe('report spreadsheets', () => {
  it('writes a workbook with a header row and one row per report row, dates as dates', async () => {
    const bytes = await buildSpreadsheet('Trips', columns, [
      { device: 'Fiorino 01', start: new Date('2024-05-01T08:00:00Z'), km: 12, durationMs: 20 * 60_000 },
      { device: 'Van 07', start: new Date('2024-05-01T09:30:00Z'), km: 3.5, durationMs: 90 * 60_000 },
    ]);

    const workbook = await readSpreadsheet(bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Trips']);
    const sheet = workbook.getWorksheet('Trips')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Device', 'Start', 'Distance (km)', 'Duration']);
    expect(sheet.getRow(2).getCell(1).value).toBe('Fiorino 01');
    expect(sheet.getRow(2).getCell(2).value).toEqual(new Date('2024-05-01T08:00:00Z'));
    expect(sheet.getRow(2).getCell(2).numFmt).toBe(DATE_FORMAT);
    expect(sheet.getRow(3).getCell(3).value).toBe(3.5);
    // A duration is a time of day to Excel (and to exceljs, which reads it back from Excel's epoch).
    expect(sheet.getRow(3).getCell(4).numFmt).toBe(DURATION_FORMAT);
    expect(sheet.getRow(3).getCell(4).value).toEqual(new Date('1899-12-30T01:30:00Z'));
  });

  it('writes rows in order as an async source gives them, under the bold frozen header', async () => {
    async function* trips(): AsyncGenerator<Trip> {
      for (let index = 0; index < 3_000; index += 1) yield { device: `Van ${index}`, start: new Date(Date.UTC(2024, 4, 1) + index * 60_000), km: index, durationMs: 0 };
    }
    const sheet = (await readSpreadsheet(await buildSpreadsheet('Trips', columns, trips()))).getWorksheet('Trips')!;
    expect(sheet.rowCount).toBe(3_001);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(2).getCell(1).value).toBe('Van 0');
    expect(sheet.getRow(3_001).getCell(1).value).toBe('Van 2999');
    expect(sheet.getRow(3_001).getCell(2).value).toEqual(new Date(Date.UTC(2024, 4, 1) + 2_999 * 60_000));
  });

  it('writes text as text: markup, quotes and control characters make a file that opens, and a formula is only shown', async () => {
    const at = { start: new Date('2024-05-01T08:00:00Z'), km: 1, durationMs: 0 };
    const bytes = await buildSpreadsheet('Trips', columns, [
      { device: `Van <7> & "Zé's"\u0001\u0007\u000B\uFFFF\uD800 🚐`, ...at },
      { device: '=HYPERLINK("http://example.invalid","open")', ...at },
      { device: '  padded\tand\nsplit  ', ...at },
    ]);
    const sheet = (await readSpreadsheet(bytes)).getWorksheet('Trips')!;
    // Characters XML cannot hold at all are left out; the rest is the device's name as it is.
    expect(sheet.getRow(2).getCell(1).value).toBe(`Van <7> & "Zé's" 🚐`);
    const formula = sheet.getRow(3).getCell(1);
    expect(formula.type).toBe(ValueType.String);
    expect(formula.formula).toBeUndefined();
    expect(formula.value).toBe('=HYPERLINK("http://example.invalid","open")');
    expect(sheet.getRow(4).getCell(1).value).toBe('  padded\tand\nsplit  ');
  });

  it('writes booleans as booleans and leaves empty values out', async () => {
    const flags: Column<{ on: boolean | null; count: number }>[] = [
      { header: 'On', value: (row) => row.on },
      { header: 'Count', value: (row) => row.count },
    ];
    const sheet = (await readSpreadsheet(await buildSpreadsheet('Flags', flags, [{ on: true, count: Number.NaN }, { on: null, count: 2 }]))).getWorksheet('Flags')!;
    expect(sheet.getRow(2).getCell(1).value).toBe(true);
    expect(sheet.getRow(2).getCell(2).type).toBe(ValueType.Null);
    expect(sheet.getRow(3).getCell(1).type).toBe(ValueType.Null);
    expect(sheet.getRow(3).getCell(2).value).toBe(2);
  });

  it('writes just the header for an empty report', async () => {
    const workbook = await readSpreadsheet(await buildSpreadsheet('Trips', columns, []));
    expect(workbook.getWorksheet('Trips')?.rowCount).toBe(1);
  });
});
