import type { EntityColumn } from './entityDefinition';

export interface ListSort {
  columnId: string;
  descending: boolean;
}

export interface ListRow<Entity> {
  entity: Entity;
  /** How deep in the tree the row sits (0 at the top, and always 0 outside tree order). */
  depth: number;
}

/** A column's plain text: its own `text`, else its value when that is a text or a number. */
export function columnText<Entity>(column: EntityColumn<Entity>, entity: Entity): string {
  if (column.text) return column.text(entity);
  const value = column.value(entity);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The rows a list shows: those whose columns contain the search (accents and case ignored), in the
 * chosen column's order; with neither, a tree's children follow their parent, indented.
 */
export function arrangeRows<Entity extends { id: number }>(
  entities: readonly Entity[],
  columns: readonly EntityColumn<Entity>[],
  options: { query: string; sort: ListSort | null; language: string; parentOf?: (entity: Entity) => number },
): ListRow<Entity>[] {
  const collator = new Intl.Collator(options.language, { sensitivity: 'base', numeric: true });
  const query = fold(options.query.trim());
  const matching = query ? entities.filter((entity) => columns.some((column) => fold(columnText(column, entity)).includes(query))) : [...entities];
  const sortColumn = columns.find((column) => column.id === options.sort?.columnId) ?? columns[0];
  const sign = options.sort?.descending ? -1 : 1;
  const sorted = sortColumn ? matching.sort((a, b) => sign * collator.compare(columnText(sortColumn, a), columnText(sortColumn, b))) : matching;
  if (!options.parentOf || query || options.sort) return sorted.map((entity) => ({ entity, depth: 0 }));
  return treeOrder(sorted, options.parentOf);
}

/** Depth-first under each parent, siblings in the given order; an entity whose parent is missing (or in a loop) starts a tree. */
function treeOrder<Entity extends { id: number }>(sorted: Entity[], parentOf: (entity: Entity) => number): ListRow<Entity>[] {
  const ids = new Set(sorted.map((entity) => entity.id));
  const children = new Map<number, Entity[]>();
  for (const entity of sorted) {
    const parent = ids.has(parentOf(entity)) ? parentOf(entity) : 0;
    children.set(parent, [...(children.get(parent) ?? []), entity]);
  }
  const rows: ListRow<Entity>[] = [];
  const placed = new Set<number>();
  const visit = (entity: Entity, depth: number) => {
    if (placed.has(entity.id)) return;
    placed.add(entity.id);
    rows.push({ entity, depth });
    for (const child of children.get(entity.id) ?? []) visit(child, depth + 1);
  };
  for (const root of children.get(0) ?? []) visit(root, 0);
  // Members of a loop have no root above them: show them anyway rather than lose them.
  for (const entity of sorted) visit(entity, 0);
  return rows;
}
