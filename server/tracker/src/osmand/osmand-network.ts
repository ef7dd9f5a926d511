import type { CellTower, PositionNetwork, WifiAccessPoint } from '../entities/position';
import { OsmandRequestError } from './osmand-errors';

/** Java's Integer.parseInt: an optional sign and digits, within 32 bits; anything else is refused. */
function javaInt(raw: string | undefined, name: string): number {
  const value = raw !== undefined && /^[+-]?\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value > 2 ** 31 - 1 || value < -(2 ** 31)) throw new OsmandRequestError(`invalid ${name}: ${raw}`);
  return value;
}

/** `cell=mcc,mnc,lac,cellid[,rssi]`. */
function cellTower(raw: string): CellTower {
  const [mcc, mnc, lac, cid, rssi] = raw.split(',');
  const tower: CellTower = {
    cellId: javaInt(cid, 'cell'),
    locationAreaCode: javaInt(lac, 'cell'),
    mobileCountryCode: javaInt(mcc, 'cell'),
    mobileNetworkCode: javaInt(mnc, 'cell'),
  };
  if (rssi !== undefined) tower.signalStrength = javaInt(rssi, 'cell');
  return tower;
}

/** `wifi=mac,rssi`, the MAC address with dashes or colons (stored with colons). */
function wifiAccessPoint(raw: string): WifiAccessPoint {
  const [mac, rssi] = raw.split(',');
  if (!mac) throw new OsmandRequestError(`invalid wifi: ${raw}`);
  return { macAddress: mac.replaceAll('-', ':'), signalStrength: javaInt(rssi, 'wifi') };
}

/**
 * The position's `network` from OsmAnd's repeated `cell` and `wifi` parameters, as Traccar's
 * OsmAndProtocolDecoder builds it (radio type "gsm", considerIp false); null when there are none.
 * A value that does not parse refuses the report.
 */
export function decodeNetwork(cells: readonly string[], wifis: readonly string[]): PositionNetwork | null {
  if (cells.length === 0 && wifis.length === 0) return null;
  const network: PositionNetwork = { radioType: 'gsm', considerIp: false };
  if (cells.length > 0) network.cellTowers = cells.map(cellTower);
  if (wifis.length > 0) network.wifiAccessPoints = wifis.map(wifiAccessPoint);
  return network;
}
