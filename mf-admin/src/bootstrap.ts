import { runStandalone } from '@rastro/shared';
import { server } from './areas/server';

// Standalone development page: this area alone, signed in against the gateway the dev server proxies to.
void runStandalone({ parcel: server, area: 'server', credentials: { email: __RASTRO_DEV_EMAIL__, password: __RASTRO_DEV_PASSWORD__ } });
