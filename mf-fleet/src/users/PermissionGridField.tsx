import { Box, Button, HStack, Stack, Table, Text } from '@rastro/shared';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserFormValues } from './userEntity';
import { gridActions, isGranted, permissionGridRows, permissionPresets, presetHex, withGrant } from './permissionGrid';

/**
 * The advanced permissions editor: areas × actions as native checkboxes (Tab and Space reach every
 * cell, each named "<area>: <action>"), presets above, writing `rastro.advancedPerms` through the
 * shared bit layout. Cells an area does not have stay empty.
 */
export function PermissionGridField({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { watch, setValue } = useFormContext<UserFormValues>();
  const hex = watch('advancedPerms');
  const write = (next: string) => setValue('advancedPerms', next, { shouldDirty: true });
  const columns = gridActions.filter((action) => permissionGridRows.some((row) => row.bits[action] !== undefined));
  return (
    <Stack gap="2" data-testid="permission-grid" data-hex={hex}>
      <Text fontSize="sm" color="fg.muted">
        {t('fleet.users.permissions.hint')}
      </Text>
      <HStack gap="2" wrap="wrap" role="group" aria-label={t('fleet.users.permissions.presets')}>
        {permissionPresets.map((preset) => (
          <Button key={preset} size="xs" variant="outline" disabled={disabled} onClick={() => write(presetHex(preset))} data-testid={`permission-preset-${preset}`}>
            {t(`fleet.users.permissions.preset.${preset}`)}
          </Button>
        ))}
      </HStack>
      {/* Scrolls sideways on a phone: focusable, so the keyboard scrolls it even while its boxes are disabled. */}
      <Box overflowX="auto" maxW="100%" tabIndex={0} role="region" aria-label={t('fleet.users.permissions.caption')}>
        <Table.Root size="sm">
          <Table.Caption>{t('fleet.users.permissions.caption')}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">{t('fleet.users.permissions.area')}</Table.ColumnHeader>
              {columns.map((action) => (
                <Table.ColumnHeader key={action} scope="col" textAlign="center">
                  {t(`fleet.users.permissions.actions.${action}`)}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {permissionGridRows.map((row) => (
              <Table.Row key={row.area}>
                <Table.Cell as="th" scope="row" fontWeight="medium">
                  {t(`fleet.users.permissions.areas.${row.area}`)}
                </Table.Cell>
                {columns.map((action) => (
                  <Table.Cell key={action} textAlign="center">
                    {row.bits[action] !== undefined && (
                      <input
                        type="checkbox"
                        aria-label={`${t(`fleet.users.permissions.areas.${row.area}`)}: ${t(`fleet.users.permissions.actions.${action}`)}`}
                        checked={isGranted(hex, row, action)}
                        disabled={disabled}
                        onChange={(event) => write(withGrant(hex, row, action, event.target.checked))}
                        data-testid={`permission-${row.area}-${action}`}
                      />
                    )}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
