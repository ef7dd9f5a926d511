import { defineRemote } from '@rastro/shared';
import { ServerSettingsArea } from '../server/ServerSettingsArea';

export const { server } = defineRemote({ name: 'mf_admin', areas: { server: ServerSettingsArea } });
