import { runStandalone } from '@rastro/shared';
import { map } from './areas/map';

// Standalone development page: the map alone, signed in against the gateway the dev server proxies to.
void runStandalone({ parcel: map, area: 'map', credentials: { email: __RASTRO_DEV_EMAIL__, password: __RASTRO_DEV_PASSWORD__ } });
