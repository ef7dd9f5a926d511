import { ChakraProvider, defineRemote, i18n, initI18n, rastroSystem } from '@rastro/shared';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { loadAreaParcel } from './federation';
import { RemoteArea } from './RemoteArea';
import { useRemotesStore } from './remotesStore';

jest.mock('./federation', () => ({ loadAreaParcel: jest.fn(), registerTenantRemotes: jest.fn() }));
const loadAreaParcelMock = loadAreaParcel as jest.MockedFunction<typeof loadAreaParcel>;

function renderArea() {
  return render(
    <ChakraProvider value={rastroSystem}>
      <I18nextProvider i18n={i18n}>
        <RemoteArea remote="mf_fleet" area="devices" />
      </I18nextProvider>
    </ChakraProvider>,
  );
}

const { devices } = defineRemote({ name: 'mf_fleet', areas: { devices: () => <p>the fleet list</p> } });
const { devices: crashing } = defineRemote({
  name: 'mf_fleet',
  areas: {
    devices: () => {
      throw new Error('boom');
    },
  },
});

beforeAll(() => initI18n('pt-BR'));
beforeEach(() => {
  loadAreaParcelMock.mockReset();
  useRemotesStore.setState({ status: 'ready', entries: { mf_fleet: { name: 'mf_fleet', entry: '/remotes/mf-fleet/mf-manifest.json' } } });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('RemoteArea', () => {
  it('mounts the remote area as a parcel', async () => {
    loadAreaParcelMock.mockResolvedValue(devices);
    renderArea();
    expect(await screen.findByText('the fleet list')).toBeInTheDocument();
    expect(loadAreaParcelMock).toHaveBeenCalledWith('mf_fleet', 'devices');
  });

  it('shows a translated error when the remote cannot load, and loads it again on retry', async () => {
    loadAreaParcelMock.mockRejectedValueOnce(new Error('manifest 404')).mockResolvedValueOnce(devices);
    renderArea();
    expect(await screen.findByText('Não foi possível carregar este módulo (mf_fleet).')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Tentar novamente' }).click());
    expect(await screen.findByText('the fleet list')).toBeInTheDocument();
  });

  it('keeps a crash while rendering inside the area', async () => {
    loadAreaParcelMock.mockResolvedValue(crashing);
    renderArea();
    expect(await screen.findByText('Este módulo encontrou um erro (mf_fleet).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('shows nothing for a remote this domain has switched off', () => {
    useRemotesStore.setState({ status: 'ready', entries: {} });
    const { container } = renderArea();
    expect(container).toBeEmptyDOMElement();
    expect(loadAreaParcelMock).not.toHaveBeenCalled();
  });
});
