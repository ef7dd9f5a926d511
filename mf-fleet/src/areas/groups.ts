import { defineRemote } from '@rastro/shared';
import { GroupsArea } from '../groups/GroupsArea';

export const { groups } = defineRemote({ name: 'mf_fleet', areas: { groups: GroupsArea } });
