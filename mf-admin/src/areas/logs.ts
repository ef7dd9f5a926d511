import { defineRemote } from '@rastro/shared';
import { LogsArea } from '../logs/LogsArea';

export const { logs } = defineRemote({ name: 'mf_admin', areas: { logs: LogsArea } });
