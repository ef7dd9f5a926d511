import { useRouterBridge } from '@rastro/shared';
import { registerFleetCatalogs } from '../locales/catalog';
import { DeviceDetailScreen } from './detail/DeviceDetailScreen';
import { devicesRoute } from './devicesRoute';
import { DeviceFormScreen } from './form/DeviceFormScreen';
import { DeviceListScreen } from './list/DeviceListScreen';

registerFleetCatalogs();

/** `/devices`, `/devices/new`, `/devices/{id}` and `/devices/{id}?edit`: one area, the screen from the address. */
export function DevicesArea() {
  const pathname = useRouterBridge((state) => state.pathname);
  const search = useRouterBridge((state) => state.search);
  const route = devicesRoute(pathname, search);
  switch (route.screen) {
    case 'list':
      return <DeviceListScreen />;
    case 'create':
      return <DeviceFormScreen deviceId={null} />;
    case 'edit':
      return <DeviceFormScreen key={route.deviceId} deviceId={route.deviceId} />;
    case 'detail':
      return <DeviceDetailScreen key={route.deviceId} deviceId={route.deviceId} />;
  }
}
