import { defineRemote } from '@rastro/shared';
import { AutolinkArea } from '../autolink/AutolinkArea';

export const { autolink } = defineRemote({ name: 'mf_fleet', areas: { autolink: AutolinkArea } });
