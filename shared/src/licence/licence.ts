import { create } from 'zustand';
import { DEVICE_LIMIT_HEADER, EDITION_HEADER, UNLIMITED, editions } from '../contract/licence';
import type { Edition } from '../contract/licence';
import type { HttpClient } from '../api/http';

/** What the gateway's headers on `GET /api/server` say about the installation's licence. */
export interface Licence {
  edition: Edition;
  /** Devices that may still be created under the licence; -1 (UNLIMITED) when it sets no limit. */
  remainingDevices: number;
}

/**
 * Reads the licence headers. A missing or unknown edition counts as paid: advanced permissions then
 * decide, so a wrong guess hides actions instead of offering ones the gateway refuses anyway.
 */
export function licenceFromHeaders(headers: Pick<Headers, 'get'>): Licence {
  const edition = headers.get(EDITION_HEADER);
  const remaining = Number(headers.get(DEVICE_LIMIT_HEADER) ?? UNLIMITED);
  return {
    edition: editions.find((known) => known === edition) ?? 'paid',
    remainingDevices: Number.isFinite(remaining) ? remaining : UNLIMITED,
  };
}

export interface LicenceState {
  licence: Licence | null;
  loaded(licence: Licence): void;
}

/** Shared so that whichever area asks first (or the shell at start) fills it for every remote. */
export const useLicenceStore = create<LicenceState>()((set) => ({
  licence: null,
  loaded: (licence) => set({ licence }),
}));

/** Asks the gateway again (the allowance changes after each device write) and stores the answer. */
export async function refreshLicence(http: HttpClient): Promise<Licence> {
  const response = await http.request('/server');
  // Only the headers matter, but an unread body keeps the request open in the browser (the page
  // never goes network-idle, and the connection is held): drain it.
  await response.arrayBuffer();
  const licence = licenceFromHeaders(response.headers);
  useLicenceStore.getState().loaded(licence);
  return licence;
}
