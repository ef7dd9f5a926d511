import { AreaProviders, initI18n, useRouterBridge } from '@rastro/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { ReportChooserArea } from './ReportChooserArea';

beforeAll(() => initI18n('pt-BR'));

it('offers the five reports and opens one through the shell router', () => {
  const navigate = jest.fn();
  useRouterBridge.getState().connect(navigate);
  render(
    <AreaProviders name="mf_reports">
      <ReportChooserArea />
    </AreaProviders>,
  );
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Resumo', 'Viagens', 'Paradas', 'Eventos', 'Histórico de rota']);
  fireEvent.click(screen.getByRole('button', { name: 'Viagens' }));
  expect(navigate).toHaveBeenCalledWith('/reports/travels');
});
