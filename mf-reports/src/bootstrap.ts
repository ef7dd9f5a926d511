import { runStandalone } from '@rastro/shared';
import { reports } from './areas/reports';

// Standalone development page: this area alone, signed in against the gateway the dev server proxies to.
void runStandalone({ parcel: reports, area: 'reports', credentials: { email: __RASTRO_DEV_EMAIL__, password: __RASTRO_DEV_PASSWORD__ } });
