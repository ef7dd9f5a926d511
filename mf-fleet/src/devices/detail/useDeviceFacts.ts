import { formatDate, formatNumber, formatRelativeTime, usePositionsStore, useServerStore, useSessionStore } from '@rastro/shared';
import type { Device } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import { useFleetData } from '../../api/fleetData';
import { coordinateFormatOf, formatCoordinate, formatDistance, formatSpeed, speedUnitOf } from '../../units/userUnits';
import { deviceState } from '../list/deviceState';
import { COLOR_ATTRIBUTE, COLOR_EXTRA_ATTRIBUTE, detailAttributeKeys, installationKeys } from '../form/deviceEntity';

type Rows = Array<readonly [string, string | null | undefined]>;
const text = (value: unknown) => (value === null || value === undefined || value === '' ? null : String(value));

/** Everything the detail panel shows about a device, formatted in the user's language and units. */
export function useDeviceFacts(device: Device) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const position = usePositionsStore((state) => state.latestByDeviceId[device.id]);
  const user = useSessionStore((state) => state.user);
  const server = useServerStore((state) => state.server);
  const group = useFleetData((state) => state.groups.find((candidate) => candidate.id === device.groupId));
  const state = deviceState(position);
  const format = coordinateFormatOf(user, server);
  const attributes = position?.attributes ?? {};
  const odometer = Number(attributes.totalDistance ?? attributes.odometer);

  const positionRows: Rows = [
    [t('fleet.detail.status'), t(`devices.status.${device.status}`)],
    [t('fleet.detail.lastUpdate'), device.lastUpdate ? formatRelativeTime(device.lastUpdate, language) : t('devices.never')],
    [t('fleet.detail.coordinates'), position ? `${formatCoordinate(position.latitude, 'latitude', format)}, ${formatCoordinate(position.longitude, 'longitude', format)}` : t('fleet.detail.noPosition')],
    [t('fleet.detail.address'), text(position?.address)],
    [t('fleet.detail.speed'), position ? formatSpeed(position.speed, speedUnitOf(user, server), language) : null],
    [t('fleet.detail.course'), position ? `${Math.round(position.course)}°` : null],
    [t('fleet.detail.battery'), attributes.batteryLevel !== undefined ? `${formatNumber(Number(attributes.batteryLevel), language, 0)}%` : null],
    [t('fleet.detail.odometer'), Number.isFinite(odometer) ? formatDistance(odometer, user, server, language) : null],
    [t('fleet.detail.ignition'), state.ignition === null ? null : t(state.ignition ? 'fleet.detail.on' : 'fleet.detail.off')],
    [t('fleet.detail.lock'), position ? t(state.locked ? 'fleet.detail.locked' : 'fleet.detail.unlocked') : null],
    [t('fleet.detail.driver'), state.driver],
    [t('fleet.detail.group'), group?.name],
    [t('fleet.detail.fields.fuel'), text(attributes.fuel)],
  ];

  // Dates typed in the form (YYYY-MM-DD) are days, not instants: shown in the user's language, in UTC.
  const dateText = (value: unknown) => {
    const day = text(value);
    return day ? formatDate(day, language, 'date', { timeZone: 'UTC' }) || day : null;
  };
  const detailRows: Rows = [
    [t('fleet.detail.fields.uniqueId'), device.uniqueId],
    [t('fleet.detail.fields.category'), device.category ? t(`fleet.form.categories.${device.category}`, { defaultValue: device.category }) : null],
    [t('fleet.detail.fields.phone'), text(device.phone)],
    [t('fleet.detail.fields.model'), text(device.model)],
    [t('fleet.detail.fields.color'), text(device.attributes[COLOR_ATTRIBUTE])],
    [t('fleet.detail.fields.colorExtra'), text(device.attributes[COLOR_EXTRA_ATTRIBUTE])],
    ...detailAttributeKeys.map((key) => [t(`fleet.detail.fields.${key}`), key === 'manufactureDate' ? dateText(device.attributes[key]) : text(device.attributes[key])] as const),
  ];

  const installation = (device.attributes.installation ?? {}) as Record<string, unknown>;
  const installationRows: Rows = installationKeys.map((key) => [t(`fleet.detail.installationFields.${key}`), key === 'date' ? dateText(installation[key]) : text(installation[key])] as const);

  return { position, state, positionRows, detailRows, installationRows };
}
