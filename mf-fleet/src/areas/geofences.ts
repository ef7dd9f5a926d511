import { defineRemote } from '@rastro/shared';
import { GeofencesArea } from '../geofences/GeofencesArea';

export const { geofences } = defineRemote({ name: 'mf_fleet', areas: { geofences: GeofencesArea } });
