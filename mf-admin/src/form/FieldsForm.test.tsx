import { AreaProviders, initI18n } from '@rastro/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { z } from 'zod';
import type { DeclaredField } from './declaredFields';
import { FieldsForm } from './FieldsForm';
import { useFieldsForm } from './useFieldsForm';

const fields: DeclaredField[] = [
  { name: 'enabled', kind: 'boolean', label: 'Activado' },
  { name: 'zoom', kind: 'integer', label: 'Zoom', required: true, schema: z.number().int().min(0).max(24) },
  { name: 'name', kind: 'text', label: 'Nombre', hintKey: 'admin.form.fix' },
  { name: 'map', kind: 'select', label: 'Mapa', options: [{ value: 'osm', label: 'OSM' }, { value: 'sat', label: 'Satélite' }] },
];

/** A screen with a declared form: it sends what the form's check hands it. */
function Screen({ onSend }: { onSend(values: Record<string, unknown>): void }) {
  // `stray` is no declared field: it is never sent.
  const form = useFieldsForm(fields, () => ({ enabled: false, zoom: '3', name: '', map: 'osm', stray: 'x' }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const typed = form.check();
        if (typed) onSend(typed);
      }}
    >
      <FieldsForm idPrefix="test" fields={fields} values={form.values} errors={form.errors} onChange={form.change} />
      <button type="submit">Enviar</button>
    </form>
  );
}

const show = () => {
  const onSend = jest.fn();
  render(
    <AreaProviders name="mf_admin">
      <Screen onSend={onSend} />
    </AreaProviders>,
  );
  return onSend;
};

describe('a declared form', () => {
  beforeAll(() => initI18n('es'));

  it('draws a switch as a checkbox named by its label', () => {
    show();
    const toggle = screen.getByRole('checkbox', { name: 'Activado' });
    expect(toggle).toBe(screen.getByTestId('test-enabled'));
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    // A select is named by its label too, and a hint describes its input.
    expect(screen.getByRole('combobox', { name: 'Mapa' })).toHaveValue('osm');
    expect(screen.getByLabelText('Nombre')).toHaveAccessibleDescription('Algunos valores deben revisarse.');
  });

  it("shows a failed check under its field in the user's language, sends nothing, and clears it once edited", () => {
    const onSend = show();
    const zoom = screen.getByLabelText('Zoom');
    fireEvent.change(zoom, { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(zoom).toHaveAccessibleDescription('El máximo es 24.');
    expect(zoom).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(zoom, { target: { value: '' } });
    expect(screen.queryByText('El máximo es 24.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getByText('Complete este campo.')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends the declared fields typed: the switch a boolean, the number a number, text trimmed', () => {
    const onSend = show();
    fireEvent.click(screen.getByLabelText('Activado'));
    fireEvent.change(screen.getByLabelText('Zoom'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: '  Frota  ' } });
    fireEvent.change(screen.getByLabelText('Mapa'), { target: { value: 'sat' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSend).toHaveBeenCalledWith({ enabled: true, zoom: 12, name: 'Frota', map: 'sat' });
  });
});
