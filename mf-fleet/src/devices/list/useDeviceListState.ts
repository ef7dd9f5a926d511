import { readPreference, writePreference } from '@rastro/shared';
import { useMemo, useState } from 'react';
import { DEFAULT_FILTER } from './deviceFilter';
import type { DeviceFilter } from './deviceFilter';
import type { GroupingChoice } from './deviceGroups';
import { DEFAULT_SORT, nextSort } from './deviceSort';
import type { DeviceSort, SortField } from './deviceSort';

/** The list's choices; the search text (`query`) and the grouping (`groupPref`) survive a reload (SPEC §3). */
export function useDeviceListState() {
  const [filter, setFilter] = useState<DeviceFilter>(() => ({ ...DEFAULT_FILTER, query: readPreference('query') ?? '' }));
  const [sort, setSort] = useState<DeviceSort>(DEFAULT_SORT);
  const [grouping, setGrouping] = useState<GroupingChoice>(() => (readPreference('groupPref') === 'group' ? 'group' : 'none'));

  // Stable across renders, so the memoised toolbar is not redrawn on every scroll frame of the list.
  const actions = useMemo(
    () => ({
      changeFilter(change: Partial<DeviceFilter>) {
        setFilter((current) => ({ ...current, ...change }));
        if (change.query !== undefined) writePreference('query', change.query);
      },
      chooseSort: (field: SortField) => setSort((current) => nextSort(current, field)),
      chooseGrouping(choice: GroupingChoice) {
        setGrouping(choice);
        writePreference('groupPref', choice);
      },
    }),
    [],
  );
  return { filter, sort, grouping, ...actions };
}
