import { defineRemote } from '@rastro/shared';
import { DeviceListArea } from '../devices/DeviceListArea';

export const { devices } = defineRemote({ name: 'mf_fleet', areas: { devices: DeviceListArea } });
