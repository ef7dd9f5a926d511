import { LabelledSelect } from '@rastro/shared';
import type { Group } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import { registerGroupCatalogs } from './groupCatalogs';
import { groupAndDescendants, parentOptions } from './groupTree';

registerGroupCatalogs();

/** The device list's group filter: a group keeps its devices and those of every group under it. */
export function GroupFilterSelect({ groups, groupId, onChange }: { groups: readonly Group[]; groupId: number | null; onChange(groupId: number | null, groupIds: ReadonlySet<number> | null): void }) {
  const { t, i18n } = useTranslation();
  if (groups.length === 0) return null;
  return (
    <LabelledSelect
      id="device-filter-group"
      testId="filter-group"
      compact
      label={t('fleet.groups.filter')}
      value={groupId === null ? '' : String(groupId)}
      options={[{ value: '', label: t('fleet.groups.allGroups') }, ...parentOptions(groups, null, i18n.language).map((option) => ({ value: option.value, label: option.label ?? '' }))]}
      onChange={(value) => {
        const chosen = value ? Number(value) : null;
        onChange(chosen, chosen === null ? null : groupAndDescendants(groups, chosen));
      }}
    />
  );
}
