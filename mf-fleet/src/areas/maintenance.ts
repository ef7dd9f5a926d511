import { defineRemote } from '@rastro/shared';
import { MaintenanceArea } from '../maintenance/MaintenanceArea';

export const { maintenance } = defineRemote({ name: 'mf_fleet', areas: { maintenance: MaintenanceArea } });
