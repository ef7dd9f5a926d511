import { defineRemote } from '@rastro/shared';
import { MapArea } from '../map/MapArea';

export const { map } = defineRemote({ name: 'mf_map', areas: { map: MapArea } });
