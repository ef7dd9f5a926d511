import { runStandalone } from '@rastro/shared';
import { devices } from './areas/devices';

// Standalone development page: this area alone, signed in against the gateway the dev server proxies to.
void runStandalone({ parcel: devices, area: 'devices', credentials: { email: __RASTRO_DEV_EMAIL__, password: __RASTRO_DEV_PASSWORD__ } });
