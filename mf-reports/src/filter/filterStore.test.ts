import { defaultFilter, filterStorageKey, useReportFilter } from './filterStore';

beforeEach(() => window.localStorage.clear());

it('remembers each user’s filter apart, and ignores a damaged one', () => {
  const { use, change } = useReportFilter.getState();
  use(7);
  change({ deviceIds: [3, 4], period: { shortcut: 'last30', customFrom: '', customTo: '' } });
  use(8);
  expect(useReportFilter.getState().filter).toEqual(defaultFilter);
  change({ daily: true });
  use(7);
  expect(useReportFilter.getState().filter).toMatchObject({ deviceIds: [3, 4], period: { shortcut: 'last30' }, daily: false });
  window.localStorage.setItem(filterStorageKey(9), '{"deviceIds":"all"}');
  use(9);
  expect(useReportFilter.getState().filter).toEqual(defaultFilter);
});
