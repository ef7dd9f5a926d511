import { arrangeRows } from './entityRows';
import type { EntityColumn } from './entityDefinition';

interface Item {
  id: number;
  name: string;
  parent: number;
}
const columns: EntityColumn<Item>[] = [{ id: 'name', labelKey: 'name', value: (item) => item.name }];
const items: Item[] = [
  { id: 1, name: 'Sul', parent: 0 },
  { id: 2, name: 'Norte', parent: 0 },
  { id: 3, name: 'Entregas Norte', parent: 2 },
  { id: 4, name: 'Motos', parent: 3 },
];
const names = (rows: Array<{ entity: Item; depth: number }>) => rows.map(({ entity, depth }) => `${'-'.repeat(depth)}${entity.name}`);

describe('the rows a list shows', () => {
  it('puts children under their parent while no sort or search is chosen', () => {
    expect(names(arrangeRows(items, columns, { query: '', sort: null, language: 'pt-BR', parentOf: (item) => item.parent }))).toEqual(['Norte', '-Entregas Norte', '--Motos', 'Sul']);
  });

  it('searches without accents or case and sorts flat once asked', () => {
    const found = arrangeRows(items, columns, { query: 'NÓRTE', sort: null, language: 'pt-BR', parentOf: (item) => item.parent });
    expect(names(found)).toEqual(['Entregas Norte', 'Norte']);
    expect(names(arrangeRows(items, columns, { query: '', sort: { columnId: 'name', descending: true }, language: 'pt-BR', parentOf: (item) => item.parent }))).toEqual([
      'Sul',
      'Norte',
      'Motos',
      'Entregas Norte',
    ]);
  });

  it('still shows the members of a loop instead of losing them', () => {
    const loop = [
      { id: 1, name: 'A', parent: 2 },
      { id: 2, name: 'B', parent: 1 },
    ];
    expect(arrangeRows(loop, columns, { query: '', sort: null, language: 'en-US', parentOf: (item) => item.parent })).toHaveLength(2);
  });
});
