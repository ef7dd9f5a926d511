import { entityLists, Field, Grid, Input, NativeSelect, useDevicesStore } from '@rastro/shared';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Checklist } from './Checklist';
import { useReportFilter } from './filterStore';
import { dayIn, periodShortcuts, type PeriodShortcut } from './period';

/** Event types the events report may be narrowed to (Traccar's, with names in the shared catalog). */
export const eventTypes = [
  'deviceOnline',
  'deviceOffline',
  'deviceUnknown',
  'deviceMoving',
  'deviceStopped',
  'deviceOverspeed',
  'deviceInactive',
  'ignitionOn',
  'ignitionOff',
  'geofenceEnter',
  'geofenceExit',
  'alarm',
  'commandResult',
  'textMessage',
  'driverChanged',
  'deviceFuelDrop',
  'maintenance',
] as const;

interface ReportFilterProps {
  timeZone: string;
  uses?: { eventTypes?: boolean; daily?: boolean };
}

/** The one filter of every report (SPEC §2): devices and groups, period, event types, daily split. */
const NO_USES: NonNullable<ReportFilterProps['uses']> = {};

/** Memoised: the screen re-renders as a report loads (status, rows), and the filter need not. */
export const ReportFilter = memo(function ReportFilter({ timeZone, uses = NO_USES }: ReportFilterProps) {
  const { t } = useTranslation();
  const { filter, change } = useReportFilter();
  const devicesById = useDevicesStore((state) => state.byId);
  const groups = entityLists.groups((state) => state.items);
  const devices = useMemo(() => Object.values(devicesById).map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)), [devicesById]);
  const groupOptions = useMemo(() => groups.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)), [groups]);
  // "Alarm: {{alarm}}" names one alarm; as a type it is every alarm, so the colon goes.
  const eventOptions = useMemo(() => eventTypes.map((type) => ({ id: type, name: t(`shell.events.${type}`, { alarm: '' }).replace(/[:\s]+$/, '') })), [t]);
  const { period } = filter;
  const setShortcut = (shortcut: PeriodShortcut) => {
    // A custom range starts on today, in the user's zone, until the user picks its days.
    const today = dayIn(timeZone, Date.now());
    change({ period: { shortcut, customFrom: period.customFrom || today, customTo: period.customTo || today } });
  };
  return (
    <Grid gap="2" templateColumns={{ base: '1fr', md: '1fr 1fr' }} data-testid="report-filter">
      <Checklist label={t('reportScreens.filter.devices')} testId="filter-devices" options={devices} chosen={filter.deviceIds} onChange={(ids) => change({ deviceIds: ids.map(Number) })} />
      <Checklist label={t('reportScreens.filter.groups')} testId="filter-groups" options={groupOptions} chosen={filter.groupIds} onChange={(ids) => change({ groupIds: ids.map(Number) })} />
      <Field.Root>
        <Field.Label htmlFor="report-period">{t('reportScreens.filter.period')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field id="report-period" data-testid="filter-period" value={period.shortcut} onChange={(event) => setShortcut(event.target.value as PeriodShortcut)}>
            {periodShortcuts.map((shortcut) => (
              <option key={shortcut} value={shortcut}>
                {t(`reportScreens.periods.${shortcut}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {period.shortcut === 'custom' && (
        <Grid templateColumns="1fr 1fr" gap="2">
          <Field.Root>
            <Field.Label htmlFor="report-from">{t('reportScreens.filter.from')}</Field.Label>
            <Input id="report-from" size="sm" type="date" value={period.customFrom} onChange={(event) => change({ period: { ...period, customFrom: event.target.value } })} />
          </Field.Root>
          <Field.Root>
            <Field.Label htmlFor="report-to">{t('reportScreens.filter.to')}</Field.Label>
            <Input id="report-to" size="sm" type="date" value={period.customTo} onChange={(event) => change({ period: { ...period, customTo: event.target.value } })} />
          </Field.Root>
        </Grid>
      )}
      {uses.eventTypes && (
        <Checklist label={t('reportScreens.filter.eventTypes')} testId="filter-event-types" options={eventOptions} chosen={filter.eventTypes} onChange={(types) => change({ eventTypes: types.map(String) })} />
      )}
      {uses.daily && (
        <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', fontSize: '0.875rem' }}>
          <input type="checkbox" data-testid="filter-daily" checked={filter.daily} onChange={(event) => change({ daily: event.target.checked })} />
          {t('reportScreens.filter.daily')}
        </label>
      )}
    </Grid>
  );
});
