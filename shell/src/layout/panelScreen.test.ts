import { advancedPermissionsHex } from '@rastro/shared';
import type { MenuContext } from './menuEntries';
import { panelScreenFor } from './panelScreen';

const onlyDevices: MenuContext = {
  user: { administrator: false, attributes: { 'rastro.advancedPerms': advancedPermissionsHex([['devices', 'view']]) } },
  server: { attributes: { 'rastro.enableAdvancedPerms': 'true' } },
  paidEdition: true,
};

describe('the side panel at a path', () => {
  it('shows the devices area, titled by its menu entry, for the list and a device detail', () => {
    expect(panelScreenFor('/devices', onlyDevices)).toEqual({ panel: { remote: 'mf_fleet', area: 'devices' }, titleKey: 'shell.nav.devices', permitted: true });
    expect(panelScreenFor('/devices/7', onlyDevices)).toMatchObject({ panel: { area: 'devices' }, permitted: true });
  });

  it('refuses a screen whose menu entry this user cannot see', () => {
    expect(panelScreenFor('/geofence', onlyDevices)).toMatchObject({ permitted: false });
    expect(panelScreenFor('/reports/trips', onlyDevices)).toMatchObject({ panel: { remote: 'mf_reports' }, permitted: false });
    expect(panelScreenFor('/server', onlyDevices)).toMatchObject({ permitted: false });
  });

  it('opens screens no menu entry leads to, with their own title', () => {
    expect(panelScreenFor('/autolink', onlyDevices)).toMatchObject({ titleKey: 'shell.autolink', permitted: true });
  });

  it('has no panel on the bare map', () => {
    expect(panelScreenFor('/home', onlyDevices)).toBeNull();
    expect(panelScreenFor('/nowhere', onlyDevices)).toBeNull();
  });
});
