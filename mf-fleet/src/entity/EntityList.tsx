import { Box, Button, HStack, Table, Text } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { FleetAccess } from '../access/fleetAccess';
import type { EntityDefinition } from './entityDefinition';
import { entityRights } from './entityRights';

export interface EntityListProps<Entity extends { id: number }, Values extends FieldValues> {
  definition: EntityDefinition<Entity, Values>;
  entities: readonly Entity[];
  /** The user's rights; "add" follows the definition's permission area. */
  access: Pick<FleetAccess, 'canWrite'> | null;
  onCreate(): void;
  onOpen(entity: Entity): void;
}

/**
 * The list of the smaller fleet screens (groups, drivers, calendars…): the definition's columns, a
 * row opens the entity, "add" only when allowed. The device list has its own, virtualised one.
 */
export function EntityList<Entity extends { id: number }, Values extends FieldValues>({ definition, entities, access, onCreate, onOpen }: EntityListProps<Entity, Values>) {
  const { t } = useTranslation();
  const canCreate = entityRights(access, definition).create;
  return (
    <Box data-testid={`${definition.key}-list`}>
      {canCreate && (
        <HStack p="2" justify="flex-end">
          <Button size="sm" colorPalette="blue" onClick={onCreate} data-testid="entity-create">
            {t('fleet.common.create')}
          </Button>
        </HStack>
      )}
      {entities.length === 0 ? (
        <Text p="4" color="gray.500">
          {t('fleet.common.empty')}
        </Text>
      ) : (
        <Table.Root size="sm" interactive>
          <Table.Header>
            <Table.Row>
              {definition.columns.map((column) => (
                <Table.ColumnHeader key={column.id}>{t(column.labelKey)}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entities.map((entity) => (
              <Table.Row key={entity.id} data-testid={`${definition.key}-row`} cursor="pointer" tabIndex={0} onClick={() => onOpen(entity)} onKeyDown={(event) => event.key === 'Enter' && onOpen(entity)}>
                {definition.columns.map((column) => (
                  <Table.Cell key={column.id}>{column.value(entity)}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}
