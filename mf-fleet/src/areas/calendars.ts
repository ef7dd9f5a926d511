import { defineRemote } from '@rastro/shared';
import { CalendarsArea } from '../calendars/CalendarsArea';

export const { calendars } = defineRemote({ name: 'mf_fleet', areas: { calendars: CalendarsArea } });
