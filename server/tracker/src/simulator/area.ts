import type { LatLon } from './geo';

/** Praça da Sé, São Paulo: the centre of the demo fleet and of the map (see api/server-routes.ts). */
export const SAO_PAULO_CENTRE: LatLon = { latitude: -23.5505, longitude: -46.6333 };

/** Vehicles start within this distance of the centre… */
export const START_RADIUS_METRES = 12_000;
/** …and turn back towards it when they drive beyond this one. */
export const ROAM_RADIUS_METRES = 15_000;
