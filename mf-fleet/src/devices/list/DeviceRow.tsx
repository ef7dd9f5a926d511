import { alarmName, formatDate, formatRelativeTime, useDevicesStore, usePositionsStore } from '@rastro/shared';
import type { Device, DeviceStatus, SpeedUnit } from '@rastro/shared';
import { memo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSpeed } from '../../units/userUnits';
import { CategoryIcon } from '../category/CategoryIcon';
import { deviceState } from './deviceState';

const statusPalette: Record<DeviceStatus, string> = { online: 'green', offline: 'red', unknown: 'gray' };

export interface DeviceRowProps {
  /** The device as the list sorted it; the row draws the live one from the store. */
  device: Device;
  anchored: boolean;
  selected: boolean;
  speedUnit: SpeedUnit;
  /** The last update's clock time on a 12-hour clock (server or user setting). */
  hour12: boolean;
  pinnedAttributes: readonly string[];
  onChoose(deviceId: number): void;
}

/** A badge styled by the list's deviceRowStyles (`data-palette` picks its colours). */
function RowBadge({ palette = 'gray', testId, children }: { palette?: string; testId?: string; children: ReactNode }) {
  return (
    <span className="device-badge" data-palette={palette} data-testid={testId}>
      {children}
    </span>
  );
}

/**
 * One row: category icon, name, status, relative last update, speed, state badges and the pinned attributes.
 * Plain elements styled by the list (deviceRowStyles), so a screenful of new rows is cheap to mount.
 */
export const DeviceRow = memo(function DeviceRow({ device: listed, anchored, selected, speedUnit, hour12, pinnedAttributes, onChoose }: DeviceRowProps) {
  const { t, i18n } = useTranslation();
  const device = useDevicesStore((state) => state.byId[listed.id]) ?? listed;
  const position = usePositionsStore((state) => state.latestByDeviceId[listed.id]);
  const state = deviceState(position);
  const pinned = pinnedAttributes
    .map((key) => [key, device.attributes[key] ?? position?.attributes[key]] as const)
    .filter(([, value]) => value !== undefined && value !== null && value !== '');

  return (
    <div
      role="listitem"
      className="device-row"
      data-testid="device-row"
      data-device-id={device.id}
      // The chosen row (listitem takes no aria-selected; aria-current says "this one").
      aria-current={selected ? 'true' : undefined}
      tabIndex={0}
      onClick={() => onChoose(device.id)}
      onKeyDown={(event) => event.key === 'Enter' && onChoose(device.id)}
    >
      <div className="device-row-line">
        <span className="device-row-title">
          <CategoryIcon category={device.category} testId="device-row-category" />
          <span className="device-row-name" data-testid="device-row-name">
            {device.name}
          </span>
        </span>
        <RowBadge palette={statusPalette[device.status]}>{t(`devices.status.${device.status}`)}</RowBadge>
      </div>
      <div className="device-row-line device-row-meta">
        {device.lastUpdate ? (
          <time dateTime={device.lastUpdate} data-testid="device-row-updated">
            {formatRelativeTime(device.lastUpdate, i18n.language)} · {formatDate(device.lastUpdate, i18n.language, 'time', { hour12 })}
          </time>
        ) : (
          <span>{t('devices.never')}</span>
        )}
        {position && <span>{formatSpeed(position.speed, speedUnit, i18n.language)}</span>}
      </div>
      <div className="device-row-states">
        {state.moving && <RowBadge palette="blue">{t('fleet.list.state.moving')}</RowBadge>}
        {state.ignition !== null && <RowBadge>{t(state.ignition ? 'fleet.list.state.ignitionOn' : 'fleet.list.state.ignitionOff')}</RowBadge>}
        {state.locked && <RowBadge palette="orange">{t('fleet.list.state.locked')}</RowBadge>}
        {anchored && (
          <RowBadge palette="purple" testId="device-row-anchor">
            {t('fleet.list.state.anchored')}
          </RowBadge>
        )}
        {state.driver && <RowBadge>{t('fleet.list.state.driver', { driver: state.driver })}</RowBadge>}
        {state.alarm && <RowBadge palette="red">{t('fleet.list.state.alert', { alarm: alarmName(state.alarm) })}</RowBadge>}
        {pinned.map(([key, value]) => (
          <span key={key} className="device-row-pinned">
            {key}: {String(value)}
          </span>
        ))}
      </div>
    </div>
  );
});
