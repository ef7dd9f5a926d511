import { defineRemote } from '@rastro/shared';
import { UsersArea } from '../users/UsersArea';

export const { users } = defineRemote({ name: 'mf_fleet', areas: { users: UsersArea } });
