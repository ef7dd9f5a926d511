import { entityLists } from '@rastro/shared';
import { trackingHttp } from '../api/clients';
import { createEntityApi } from '../entity/entityApi';
import { registerEntityCatalogs } from '../entity/entityCatalogs';
import { EntityScreen } from '../entity/EntityScreen';
import { registerFleetCatalogs } from '../locales/catalog';
import { calendarEntity } from './calendarEntity';
import { calendarsEnUS } from './locales/en-US';
import { calendarsEs } from './locales/es';
import { calendarsPtBR } from './locales/pt-BR';

registerFleetCatalogs();
registerEntityCatalogs('calendars', { 'pt-BR': calendarsPtBR, es: calendarsEs, 'en-US': calendarsEnUS });

const calendarApi = createEntityApi(calendarEntity, trackingHttp);

/** `/calendars`: schedules the notifications and geofences can follow. */
export function CalendarsArea() {
  return <EntityScreen definition={calendarEntity} api={calendarApi} store={entityLists.calendars} titles={{ create: 'fleet.calendars.newTitle', edit: 'fleet.calendars.editTitle' }} />;
}
