import { AreaProviders, initI18n } from '@rastro/shared';
import type { ThemeEdit, ThemeOverrides } from '@rastro/shared/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { registerAdminCatalogs } from '../locales/catalog';
import type { ThemeApi } from './themeApi';
import { ThemeEditorArea } from './ThemeEditorArea';
import { defaultThemeFixture } from './themeFixture';

beforeAll(async () => {
  await initI18n('en-US');
  registerAdminCatalogs();
});

const effective = defaultThemeFixture;

function fakeApi(previous: ThemeOverrides | null) {
  const saved: ThemeOverrides[] = [];
  let undone = 0;
  const api: ThemeApi = {
    edit: async (): Promise<ThemeEdit> => ({ domain: 'frota.example', own: {}, previous, effective }),
    save: async (overrides) => (saved.push(overrides), effective),
    undo: async () => (undone++, effective),
    uploadImage: async () => '/x',
    removeImage: async () => undefined,
  };
  return { api, saved, undone: () => undone };
}

const renderEditor = (api: ThemeApi) =>
  render(
    <AreaProviders name="mf_admin">
      <ThemeEditorArea api={api} />
    </AreaProviders>,
  );

it('previews the login and top bar as the values are typed, and saves only what changed', async () => {
  const { api, saved } = fakeApi(null);
  renderEditor(api);
  fireEvent.change(await screen.findByLabelText('Application name'), { target: { value: 'Frota Azul' } });
  fireEvent.change(screen.getByTestId('theme-primary'), { target: { value: '#7b1fa2' } });
  const preview = screen.getByTestId('theme-preview');
  expect(within(preview).getByTestId('preview-top-bar')).toHaveTextContent('Frota Azul');
  expect(within(preview).getByTestId('preview-top-bar')).toHaveStyle({ background: '#7b1fa2' });
  expect(screen.getByTestId('theme-undo')).toBeDisabled();

  fireEvent.click(screen.getByTestId('theme-save'));
  await waitFor(() => expect(saved).toEqual([{ appName: 'Frota Azul', colors: { primary: '#7b1fa2' } }]));
  expect(await screen.findByTestId('theme-outcome')).toHaveTextContent('Theme saved for frota.example');
});

it('warns when light text on the primary colour would fall below WCAG AA', async () => {
  const { api } = fakeApi(null);
  renderEditor(api);
  fireEvent.change(await screen.findByTestId('theme-primary'), { target: { value: '#ffeb3b' } });
  expect(screen.getByTestId('contrast-primary')).toHaveAttribute('data-passes', 'false');
  expect(screen.getByTestId('contrast-primary')).toHaveTextContent('pick a darker one');
  expect(screen.getByTestId('contrast-surface')).toHaveAttribute('data-passes', 'true');
});

it('refuses to save an empty name, naming the field', async () => {
  const { api, saved } = fakeApi(null);
  renderEditor(api);
  fireEvent.change(await screen.findByLabelText('Application name'), { target: { value: '' } });
  fireEvent.click(screen.getByTestId('theme-save'));
  expect(await screen.findByText('Fill this in.')).toBeInTheDocument();
  expect(saved).toEqual([]);
});

it('undoes the last change only once confirmed', async () => {
  const fake = fakeApi({ appName: 'Before' });
  renderEditor(fake.api);
  fireEvent.click(await screen.findByTestId('theme-undo'));
  fireEvent.click(await screen.findByTestId('confirm-cancel'));
  await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
  expect(fake.undone()).toBe(0);

  fireEvent.click(screen.getByTestId('theme-undo'));
  fireEvent.click(await screen.findByTestId('confirm-ok'));
  expect(await screen.findByText('The previous theme is back. It shows on the next page load.')).toBeInTheDocument();
  expect(fake.undone()).toBe(1);
});

it('edits the dark mode colours with their own preview and contrast check, saving only the dark colour changed', async () => {
  const { api, saved } = fakeApi(null);
  renderEditor(api);
  fireEvent.change(await screen.findByTestId('theme-darkPrimary'), { target: { value: '#93c5fd' } });
  expect(screen.getByTestId('preview-top-bar-dark')).toHaveStyle({ background: '#93c5fd' });
  expect(screen.getByTestId('preview-top-bar')).toHaveStyle({ background: '#1a56db' });
  expect(screen.getByTestId('contrast-dark-primary')).toHaveAttribute('data-passes', 'false');
  expect(screen.getByTestId('contrast-dark-primary')).toHaveTextContent('pick a darker one');

  fireEvent.change(screen.getByTestId('theme-darkPrimary'), { target: { value: '#7b1fa2' } });
  expect(screen.getByTestId('contrast-dark-primary')).toHaveAttribute('data-passes', 'true');
  fireEvent.click(screen.getByTestId('theme-save'));
  await waitFor(() => expect(saved).toEqual([{ colors: { dark: { primary: '#7b1fa2' } } }]));
});

it('marks a dark colour that is not #rrggbb itself, before the gateway refuses it', async () => {
  const { api, saved } = fakeApi(null);
  renderEditor(api);
  fireEvent.change(await screen.findByTestId('theme-darkSurface'), { target: { value: 'black' } });
  fireEvent.click(screen.getByTestId('theme-save'));
  expect(await screen.findByText('Enter a colour as #rrggbb.')).toBeInTheDocument();
  expect(within(screen.getByTestId('theme-section-darkColours')).getByText('Enter a colour as #rrggbb.')).toBeInTheDocument();
  expect(saved).toEqual([]);
});
