import { defineRemote } from '@rastro/shared';
import { DriversArea } from '../drivers/DriversArea';

export const { drivers } = defineRemote({ name: 'mf_fleet', areas: { drivers: DriversArea } });
