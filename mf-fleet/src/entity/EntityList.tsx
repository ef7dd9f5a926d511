import { Box, Button, HStack, Input, Table, Text } from '@rastro/shared';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { FleetAccess } from '../access/fleetAccess';
import type { EntityDefinition } from './entityDefinition';
import { registerEntityMachineryCatalogs } from './entityCatalogs';
import { entityRights } from './entityRights';
import { arrangeRows } from './entityRows';
import type { ListSort } from './entityRows';

registerEntityMachineryCatalogs();

export interface EntityListProps<Entity extends { id: number }, Values extends FieldValues> {
  definition: EntityDefinition<Entity, Values>;
  entities: readonly Entity[];
  /** The user's rights; "add" follows the definition's permission area. */
  access: Pick<FleetAccess, 'canWrite'> | null;
  onCreate(): void;
  onOpen(entity: Entity): void;
  /** True until the first answer: a loading line instead of "no data". */
  loading?: boolean;
  /** More actions beside "add" (import, export…). */
  toolbar?: ReactNode;
}

/**
 * The list of the smaller fleet screens (groups, drivers, calendars…): the definition's columns,
 * searched and sorted by them (a tree in tree order), a row opens the entity, "add" only when
 * allowed. The device list has its own, virtualised one.
 */
export function EntityList<Entity extends { id: number }, Values extends FieldValues>({ definition, entities, access, onCreate, onOpen, loading, toolbar }: EntityListProps<Entity, Values>) {
  const { t, i18n } = useTranslation();
  const canCreate = entityRights(access, definition).create;
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<ListSort | null>(null);
  const rows = useMemo(
    () => arrangeRows(entities, definition.columns, { query, sort, language: i18n.language, parentOf: definition.parentOf }),
    [entities, definition, query, sort, i18n.language],
  );
  const toggleSort = (columnId: string) =>
    setSort((current) => (current?.columnId === columnId ? (current.descending ? null : { columnId, descending: true }) : { columnId, descending: false }));

  let body: ReactNode;
  if (loading && entities.length === 0)
    body = (
      <Text p="4" color="fg.muted" role="status" data-testid="entity-loading">
        {t('fleet.entity.loading')}
      </Text>
    );
  else if (rows.length === 0)
    body = (
      <Text p="4" color="fg.muted" data-testid="entity-empty">
        {t('fleet.common.empty')}
      </Text>
    );
  else
    body = (
      <Box overflowX="auto">
        <Table.Root size="sm" interactive>
          <Table.Header>
            <Table.Row>
              {definition.columns.map((column) => {
                const sorted = sort?.columnId === column.id ? sort : null;
                return (
                  <Table.ColumnHeader key={column.id} aria-sort={sorted ? (sorted.descending ? 'descending' : 'ascending') : undefined}>
                    <Button variant="plain" size="xs" px="0" onClick={() => toggleSort(column.id)}>
                      {t(column.labelKey)}
                      {sorted && (sorted.descending ? <ArrowDown size={12} aria-hidden /> : <ArrowUp size={12} aria-hidden />)}
                    </Button>
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map(({ entity, depth }) => (
              <Table.Row key={entity.id} data-testid={`${definition.key}-row`} cursor="pointer" tabIndex={0} onClick={() => onOpen(entity)} onKeyDown={(event) => event.key === 'Enter' && onOpen(entity)}>
                {definition.columns.map((column, index) => (
                  <Table.Cell key={column.id} ps={index === 0 && depth ? `${depth * 1.25 + 0.75}rem` : undefined}>
                    {column.value(entity)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    );

  return (
    <Box data-testid={`${definition.key}-list`}>
      <HStack p="2" gap="2" wrap="wrap">
        <Input
          size="sm"
          flex="1"
          minW="40"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('fleet.entity.search')}
          aria-label={t('fleet.entity.search')}
          data-testid="entity-search"
        />
        {toolbar}
        {canCreate && (
          <Button size="sm" colorPalette="blue" onClick={onCreate} data-testid="entity-create">
            {t('fleet.common.create')}
          </Button>
        )}
      </HStack>
      {body}
    </Box>
  );
}
