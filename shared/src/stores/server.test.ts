import { useServerStore } from './server';

describe('server store', () => {
  it('starts loading, then holds the server and the domain’s config once both arrive', () => {
    expect(useServerStore.getState()).toMatchObject({ status: 'loading', server: null, config: null });
    useServerStore.getState().loaded({ id: 1, attributes: { 'web.selectZoom': 15 } }, { title: 'Frota', mapboxToken: null, mapStyleUrl: null });
    expect(useServerStore.getState()).toMatchObject({ status: 'ready', server: { attributes: { 'web.selectZoom': 15 } }, config: { title: 'Frota' } });
  });

  it('records a failed load, which sends the user to the maintenance page', () => {
    useServerStore.getState().failed();
    expect(useServerStore.getState().status).toBe('failed');
  });
});
