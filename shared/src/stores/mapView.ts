import { create } from 'zustand';

/** Where the live map's camera rests: its centre and zoom. */
export interface MapView {
  latitude: number;
  longitude: number;
  zoom: number;
}

export interface MapViewState {
  /** The view after the map's last move; null while no map is drawn. */
  view: MapView | null;
  viewChanged(view: MapView | null): void;
}

/**
 * The map's current view, for screens that take it as a default (a user's or the server's map
 * latitude, longitude and zoom): the map writes it after every move, anyone reads it. A store
 * rather than an event, since a form opened later still needs the last view.
 */
export const useMapViewStore = create<MapViewState>()((set) => ({
  view: null,
  viewChanged: (view) => set({ view }),
}));
