import { defineRemote } from '@rastro/shared';
import { DevicesArea } from '../devices/DevicesArea';

// `device` is the same area under the name the shell's route table gives /devices/{id}.
export const { devices, device } = defineRemote({ name: 'mf_fleet', areas: { devices: DevicesArea, device: DevicesArea } });
