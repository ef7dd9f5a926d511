import { defineRemote } from '@rastro/shared';
import { ServerInfoArea } from '../server/ServerInfoArea';

export const { server } = defineRemote({ name: 'mf_admin', areas: { server: ServerInfoArea } });
