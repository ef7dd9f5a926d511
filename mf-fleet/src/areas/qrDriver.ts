import { defineRemote } from '@rastro/shared';
import { QrDriverArea } from '../qrDriver/QrDriverArea';

// `qrDriverScan` is the same screen at /qr-driver/scan/{id}, the code already read from the address.
export const { qrDriver, qrDriverScan } = defineRemote({ name: 'mf_fleet', areas: { qrDriver: QrDriverArea, qrDriverScan: QrDriverArea } });
