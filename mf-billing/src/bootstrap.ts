import { runStandalone } from '@rastro/shared';
import { invoices } from './areas/invoices';

// Standalone development page: this area alone, signed in against the gateway the dev server proxies to.
void runStandalone({ parcel: invoices, area: 'invoices', credentials: { email: __RASTRO_DEV_EMAIL__, password: __RASTRO_DEV_PASSWORD__ } });
