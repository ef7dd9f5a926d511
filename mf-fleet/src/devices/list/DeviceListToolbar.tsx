import { Box, Button, HStack, Input, NativeSelect, Stack, Text } from '@rastro/shared';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group } from '@rastro/shared';
import { GroupFilterSelect } from '../../groups/GroupFilterSelect';
import { CategoryIcon } from '../category/CategoryIcon';
import type { DeviceFilter } from './deviceFilter';
import type { GroupingChoice } from './deviceGroups';
import { sortFields } from './deviceSort';
import type { DeviceSort, SortField } from './deviceSort';

export interface DeviceListToolbarProps {
  filter: DeviceFilter;
  sort: DeviceSort;
  grouping: GroupingChoice;
  categories: readonly string[];
  groups: readonly Group[];
  /** The device chosen in the list or on the map: the single-device filter keeps only it (a 50,000-entry picker would not be usable). */
  selectedDeviceId: number | null;
  selectedName: string | null;
  onFilter(change: Partial<DeviceFilter>): void;
  onSort(field: SortField): void;
  onGrouping(choice: GroupingChoice): void;
}

/** Search, status, motion, categories, one device, sort and grouping: the SPEC §4 filter parts. */
export const DeviceListToolbar = memo(function DeviceListToolbar({ filter, onFilter, ...controls }: DeviceListToolbarProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="2" p="2" borderBottomWidth="1px" fontSize="sm">
      <Input size="sm" placeholder={t('devices.search')} aria-label={t('devices.search')} value={filter.query} onChange={(event) => onFilter({ query: event.target.value })} />
      {/* Only the search changes as the user types: the other controls, a few dozen Chakra components, are not redrawn per keystroke. */}
      <FilterControls status={filter.status} motionOnly={filter.motionOnly} hiddenCategories={filter.hiddenCategories} deviceId={filter.deviceId} groupId={filter.groupId} onFilter={onFilter} {...controls} />
    </Stack>
  );
});

type FilterControlsProps = Omit<DeviceListToolbarProps, 'filter'> & Pick<DeviceFilter, 'status' | 'motionOnly' | 'hiddenCategories' | 'deviceId' | 'groupId'>;

const FilterControls = memo(function FilterControls({ status, motionOnly, hiddenCategories, deviceId, groupId, groups, sort, grouping, categories, selectedDeviceId, selectedName, onFilter, onSort, onGrouping }: FilterControlsProps) {
  const { t } = useTranslation();
  const toggleCategory = (category: string) => onFilter({ hiddenCategories: hiddenCategories.includes(category) ? hiddenCategories.filter((c) => c !== category) : [...hiddenCategories, category] });

  return (
    <>
      <HStack gap="2" wrap="wrap">
        <NativeSelect.Root size="xs" w="auto">
          <NativeSelect.Field aria-label={t('fleet.list.status')} data-testid="filter-status" value={status} onChange={(event) => onFilter({ status: event.target.value as DeviceFilter['status'] })}>
            <option value="all">{t('fleet.list.statusAll')}</option>
            <option value="online">{t('devices.status.online')}</option>
            <option value="offline">{t('devices.status.offline')}</option>
            <option value="unknown">{t('devices.status.unknown')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <GroupFilterSelect groups={groups} groupId={groupId} onChange={(chosen, groupIds) => onFilter({ groupId: chosen, groupIds })} />
        <label>
          <HStack gap="1">
            <input
              type="checkbox"
              data-testid="filter-single-device"
              disabled={deviceId === null && selectedDeviceId === null}
              checked={deviceId !== null}
              onChange={(event) => onFilter({ deviceId: event.target.checked ? selectedDeviceId : null })}
            />
            <Text>{selectedName ? `${t('fleet.list.singleDevice')}: ${selectedName}` : t('fleet.list.singleDevice')}</Text>
          </HStack>
        </label>
        <label>
          <HStack gap="1">
            <input type="checkbox" data-testid="filter-motion" checked={motionOnly} onChange={(event) => onFilter({ motionOnly: event.target.checked })} />
            <Text>{t('fleet.list.motionOnly')}</Text>
          </HStack>
        </label>
        <label>
          <HStack gap="1">
            <input type="checkbox" data-testid="group-by-group" checked={grouping === 'group'} onChange={(event) => onGrouping(event.target.checked ? 'group' : 'none')} />
            <Text>{t('fleet.list.groupBy')}</Text>
          </HStack>
        </label>
      </HStack>
      {categories.length > 1 && (
        <Box>
          <Text color="fg.muted" fontSize="xs">
            {t('fleet.list.hideCategories')}
          </Text>
          <HStack gap="1" wrap="wrap">
            {categories.map((category) => (
              <Button
                key={category}
                size="2xs"
                variant={hiddenCategories.includes(category) ? 'outline' : 'subtle'}
                textDecoration={hiddenCategories.includes(category) ? 'line-through' : undefined}
                aria-pressed={hiddenCategories.includes(category)}
                data-testid={`hide-category-${category}`}
                onClick={() => toggleCategory(category)}
              >
                <CategoryIcon category={category} decorative />
                {t(`fleet.form.categories.${category}`, { defaultValue: category })}
              </Button>
            ))}
          </HStack>
        </Box>
      )}
      <HStack gap="1" wrap="wrap" aria-label={t('fleet.list.sortBy')} role="group">
        {sortFields.map((field) => {
          const active = sort.field === field;
          return (
            <Button
              key={field}
              size="2xs"
              variant={active ? 'solid' : 'ghost'}
              data-testid={`sort-${field}`}
              data-direction={active ? sort.direction : undefined}
              aria-label={active ? `${t(`fleet.list.sort.${field}`)} (${t(`fleet.list.${sort.direction === 'asc' ? 'ascending' : 'descending'}`)})` : t(`fleet.list.sort.${field}`)}
              onClick={() => onSort(field)}
            >
              {t(`fleet.list.sort.${field}`)}
              {active && (sort.direction === 'asc' ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />)}
            </Button>
          );
        })}
      </HStack>
    </>
  );
});
