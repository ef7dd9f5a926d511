import { AreaProviders, initI18n } from '@rastro/shared';
import { render, screen } from '@testing-library/react';
import { InvoicesArea } from './InvoicesArea';

beforeAll(() => initI18n('es'));

it('says plainly that there are no invoices, in the user language', () => {
  render(
    <AreaProviders name="mf_billing">
      <InvoicesArea />
    </AreaProviders>,
  );
  expect(screen.getByText('No hay facturas disponibles')).toBeInTheDocument();
});
