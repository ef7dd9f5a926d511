import { bus } from '@rastro/shared';
import { create } from 'zustand';

/**
 * The device last selected anywhere (a row, a map marker, an opened detail). The list is not on
 * screen while a detail is open, so it cannot hear that selection itself: kept here, coming back to
 * the list still shows the device selected and offers the single-device filter for it.
 */
export const useSelectedDevice = create<{ deviceId: number | null }>()(() => ({ deviceId: null }));

// Listening from the moment the fleet screens load, for the whole page: the bus is the page's.
bus.on('device:selected', (deviceId) => useSelectedDevice.setState({ deviceId }));
