import { Box, Button, HStack, Input, Spinner, Table, Text } from '@rastro/shared';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { FleetAccess } from '../access/fleetAccess';
import type { EntityColumn, EntityDefinition } from './entityDefinition';
import { entityRights } from './entityRights';

export interface EntityListProps<Entity extends { id: number }, Values extends FieldValues> {
  definition: EntityDefinition<Entity, Values>;
  entities: readonly Entity[];
  /** The user's rights; "add" follows the definition's permission area. */
  access: Pick<FleetAccess, 'canWrite'> | null;
  /** The list is still being fetched: a spinner, not "no data". */
  loading?: boolean;
  onCreate(): void;
  onOpen(entity: Entity): void;
}

/** What search and sort read of a cell: its own text, or the value when that is text or a number. */
export function columnText<Entity>(column: EntityColumn<Entity>, entity: Entity): string {
  if (column.text) return column.text(entity);
  const value = column.value(entity);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

interface Sort {
  column: string;
  descending: boolean;
}

/** Rows whose columns contain every word typed (any case, any accent), sorted by a column. */
export function visibleEntities<Entity>(entities: readonly Entity[], columns: readonly EntityColumn<Entity>[], query: string, sort: Sort, locale: string): Entity[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase(locale);
  const words = fold(query).split(/\s+/).filter(Boolean);
  const matching = words.length ? entities.filter((entity) => words.every((word) => columns.some((column) => fold(columnText(column, entity)).includes(word)))) : [...entities];
  const column = columns.find((candidate) => candidate.id === sort.column);
  if (!column) return matching;
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sorted = matching.sort((a, b) => collator.compare(columnText(column, a), columnText(column, b)));
  return sort.descending ? sorted.reverse() : sorted;
}

/**
 * The list of the smaller fleet screens (groups, drivers, calendars…): a search over the
 * definition's columns, a header that sorts (again flips it, SPEC §4), a row opens the entity,
 * "add" only when allowed. The device list has its own, virtualised one.
 */
export function EntityList<Entity extends { id: number }, Values extends FieldValues>({ definition, entities, access, loading, onCreate, onOpen }: EntityListProps<Entity, Values>) {
  const { t, i18n } = useTranslation();
  const canCreate = entityRights(access, definition).create;
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort>({ column: definition.columns[0]?.id ?? '', descending: false });
  const shown = useMemo(() => visibleEntities(entities, definition.columns, query, sort, i18n.language), [entities, definition.columns, query, sort, i18n.language]);
  const sortBy = (column: string) => setSort((current) => ({ column, descending: current.column === column ? !current.descending : false }));

  let body;
  if (loading && entities.length === 0)
    body = (
      <HStack p="4" gap="2" data-testid="entity-loading">
        <Spinner size="sm" />
        <Text>{t('fleet.common.loading')}</Text>
      </HStack>
    );
  else if (shown.length === 0)
    body = (
      <Text p="4" color="gray.600" data-testid="entity-empty">
        {t('fleet.common.empty')}
      </Text>
    );
  else
    body = (
      <Table.ScrollArea>
        <Table.Root size="sm" interactive>
          <Table.Header>
            <Table.Row>
              {definition.columns.map((column) => {
                const sorted = sort.column === column.id;
                return (
                  <Table.ColumnHeader key={column.id} aria-sort={sorted ? (sort.descending ? 'descending' : 'ascending') : undefined}>
                    <Button size="xs" variant="ghost" px="1" onClick={() => sortBy(column.id)} data-testid={`entity-sort-${column.id}`}>
                      {t(column.labelKey)}
                      {sorted && (sort.descending ? <ArrowDown aria-hidden /> : <ArrowUp aria-hidden />)}
                    </Button>
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((entity) => (
              <Table.Row key={entity.id} data-testid={`${definition.key}-row`} cursor="pointer" tabIndex={0} onClick={() => onOpen(entity)} onKeyDown={(event) => event.key === 'Enter' && onOpen(entity)}>
                {definition.columns.map((column) => (
                  <Table.Cell key={column.id}>{column.value(entity)}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );

  return (
    <Box data-testid={`${definition.key}-list`}>
      <HStack p="2" gap="2">
        <Input size="sm" flex="1" type="search" aria-label={t('fleet.common.search')} placeholder={t('fleet.common.search')} value={query} onChange={(event) => setQuery(event.target.value)} data-testid="entity-search" />
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
