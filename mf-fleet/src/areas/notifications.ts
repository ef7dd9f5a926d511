import { defineRemote } from '@rastro/shared';
import { NotificationsArea } from '../notifications/NotificationsArea';

export const { notifications } = defineRemote({ name: 'mf_fleet', areas: { notifications: NotificationsArea } });
