import { fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { LabelledSelect } from './LabelledSelect';

const options = [
  { value: '1', label: 'Caminhão 1' },
  { value: '2', label: 'Van 2' },
];

describe('LabelledSelect', () => {
  it('is named by its label, shows the value and tells the value chosen', () => {
    const onChange = jest.fn();
    render(
      <ChakraProvider value={defaultSystem}>
        <LabelledSelect id="pick-device" label="Device" value="1" options={options} onChange={onChange} />
      </ChakraProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Device' });
    expect(select).toHaveValue('1');
    expect(screen.getByTestId('pick-device')).toBe(select);
    fireEvent.change(select, { target: { value: '2' } });
    expect(onChange).toHaveBeenCalledWith('2');
  });

  it('puts what it is given on the same line, after the select', () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <LabelledSelect id="pick" testId="pick-test" label="Device" value="2" options={options} onChange={() => undefined}>
          <button type="button">Test</button>
        </LabelledSelect>
      </ChakraProvider>,
    );
    expect(screen.getByTestId('pick-test')).toHaveValue('2');
    expect(screen.getByRole('button', { name: 'Test' })).toBeInTheDocument();
  });

  it("shows a form's notes under it, described by them, and marks it invalid", () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <LabelledSelect id="map" label="Map" value="1" options={options} onChange={() => undefined} invalid describedBy="map-error" below={<p id="map-error">Choose one of the options.</p>} />
      </ChakraProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Map' });
    expect(select).toHaveAccessibleDescription('Choose one of the options.');
    expect(select).toHaveAttribute('aria-invalid', 'true');
  });

  it('in a toolbar, is still named by its label, which only screen readers read', () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <LabelledSelect id="filter" testId="filter-group" label="Group" value="2" options={options} onChange={() => undefined} compact />
      </ChakraProvider>,
    );
    expect(screen.getByRole('combobox', { name: 'Group' })).toBe(screen.getByTestId('filter-group'));
  });
});
