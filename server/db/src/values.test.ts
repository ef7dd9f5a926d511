import { runInNewContext } from 'node:vm';
import { toDate } from './values';

describe('toDate', () => {
  it('keeps the milliseconds of a Date from another realm (a worker thread, a vm context)', () => {
    const foreign: unknown = runInNewContext('new Date("2026-03-02T12:00:00.437Z")');
    expect(foreign instanceof Date).toBe(false);
    expect(toDate(foreign)?.toISOString()).toBe('2026-03-02T12:00:00.437Z');
  });

  it('reads text and leaves null as null', () => {
    expect(toDate('2026-03-02 12:00:00.437+00')?.toISOString()).toBe('2026-03-02T12:00:00.437Z');
    expect(toDate(null)).toBeNull();
  });
});
