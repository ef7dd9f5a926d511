import { NativeSelect } from '@rastro/shared';
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
    <NativeSelect.Root size="xs" w="auto">
      <NativeSelect.Field
        aria-label={t('fleet.groups.filter')}
        data-testid="filter-group"
        value={groupId ?? ''}
        onChange={(event) => {
          const chosen = event.target.value ? Number(event.target.value) : null;
          onChange(chosen, chosen === null ? null : groupAndDescendants(groups, chosen));
        }}
      >
        <option value="">{t('fleet.groups.allGroups')}</option>
        {parentOptions(groups, null, i18n.language).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
