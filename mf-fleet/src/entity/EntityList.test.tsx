import { AreaProviders, initI18n } from '@rastro/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { z } from 'zod';
import type { FleetAccess } from '../access/fleetAccess';
import { registerFleetCatalogs } from '../locales/catalog';
import type { EditableArea, EntityDefinition } from './entityDefinition';
import { EntityList } from './EntityList';

/** A made-up entity, so the generic list is shown to need nothing device-specific. */
interface Note {
  id: number;
  text: string;
  weight: number;
}
type NoteValues = { text: string };
const noteSchema = z.object({ id: z.number(), text: z.string(), weight: z.number() });
const noteEntity: EntityDefinition<Note, NoteValues> = {
  key: 'note',
  apiPath: '/notes',
  permissionArea: 'calendars',
  schema: noteSchema,
  formSchema: z.object({ text: z.string() }),
  title: (note) => note.text,
  columns: [
    { id: 'text', labelKey: 'fleet.form.name', value: (note) => note.text },
    { id: 'weight', labelKey: 'fleet.detail.odometer', value: (note) => `${note.weight} kg` },
  ],
  fields: [{ name: 'text', labelKey: 'fleet.form.name', kind: 'text' }],
  toFormValues: (note) => ({ text: note?.text ?? '' }),
  toPayload: (values, original) => ({ weight: original?.weight ?? 0, ...values, id: original?.id ?? 0 }),
  saveErrorKey: 'fleet.form.saveError',
  deleteErrorKey: 'fleet.form.deleteError',
};

const notes: Note[] = [
  { id: 1, text: 'Revisão', weight: 3 },
  { id: 2, text: 'Pneus', weight: 40 },
];

/** Rights per area, as the gateway's advanced permissions would give them. */
const accessTo = (areas: EditableArea[]): Pick<FleetAccess, 'canWrite'> => ({ canWrite: (area) => areas.includes(area) });

function renderList(access: Pick<FleetAccess, 'canWrite'> | null, entities: Note[] = notes) {
  const onCreate = jest.fn();
  const onOpen = jest.fn();
  render(
    <AreaProviders name="mf_fleet">
      <EntityList definition={noteEntity} entities={entities} access={access} onCreate={onCreate} onOpen={onOpen} />
    </AreaProviders>,
  );
  return { onCreate, onOpen };
}

describe('the generic entity list', () => {
  beforeAll(async () => {
    await initI18n('pt-BR');
    registerFleetCatalogs();
  });

  it("draws the definition's columns in the first one's order and opens the chosen row", () => {
    const { onOpen } = renderList(accessTo(['calendars']));
    const rows = screen.getAllByTestId('note-row');
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Pneus', '40 kg'],
      ['Revisão', '3 kg'],
    ]);
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toBeInTheDocument();
    fireEvent.click(screen.getByText('Pneus'));
    expect(onOpen).toHaveBeenCalledWith(notes[1]);
    fireEvent.keyDown(rows[1] as HTMLElement, { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith(notes[0]);
  });

  it('searches the columns and sorts by the header chosen', () => {
    renderList(accessTo([]));
    fireEvent.click(screen.getByRole('button', { name: 'Nome' }));
    fireEvent.click(screen.getByRole('button', { name: 'Nome' }));
    expect(screen.getAllByTestId('note-row').map((row) => row.firstChild?.textContent)).toEqual(['Revisão', 'Pneus']);
    fireEvent.change(screen.getByTestId('entity-search'), { target: { value: 'revisao' } });
    expect(screen.getAllByTestId('note-row').map((row) => row.firstChild?.textContent)).toEqual(['Revisão']);
  });

  it("offers adding only when the user may create in the entity's own permission area", () => {
    const { onCreate } = renderList(accessTo(['calendars']));
    fireEvent.click(screen.getByTestId('entity-create'));
    expect(onCreate).toHaveBeenCalled();
  });

  it('hides adding when the right is for another area, or no one is signed in', () => {
    renderList(accessTo(['devices', 'groups']));
    expect(screen.queryByTestId('entity-create')).toBeNull();
    expect(screen.getAllByTestId('note-row')).toHaveLength(2);
  });

  it('says there is nothing yet when the list is empty', () => {
    renderList(null, []);
    expect(screen.getByText('Nenhum dado disponível')).toBeInTheDocument();
    expect(screen.queryByTestId('entity-create')).toBeNull();
  });
});
