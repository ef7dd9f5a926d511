import { AreaProviders, initI18n, useServerStore } from '@rastro/shared';
import { render, screen } from '@testing-library/react';
import { ServerInfoArea } from './ServerInfoArea';

beforeAll(() => initI18n('en-US'));

it('shows what the tracking server reports about itself', () => {
  useServerStore.getState().loaded({ id: 1, version: '6.14.5', registration: true, readonly: false, attributes: {} }, { title: 'Rastro', mapboxToken: null, mapStyleUrl: null });
  render(
    <AreaProviders name="mf_admin">
      <ServerInfoArea />
    </AreaProviders>,
  );
  expect(screen.getByText('6.14.5')).toBeInTheDocument();
  expect(screen.getByText('Registration open').nextSibling).toHaveTextContent('Yes');
  expect(screen.getByText('Read-only').nextSibling).toHaveTextContent('No');
});
