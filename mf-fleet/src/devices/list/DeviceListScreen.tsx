import { Box, bus, Button, HStack, Stack, Text, useRouterBridge, useServerStore, useSessionStore } from '@rastro/shared';
import type { Position } from '@rastro/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceLimitReached, useFleetAccess } from '../../access/useFleetAccess';
import { isAnchorGeofence, useFleetData, useFleetDataLoaded } from '../../api/fleetData';
import { useMissingPositionsLoaded } from '../../api/missingPositions';
import { entityRights } from '../../entity/entityRights';
import { deviceEntity } from '../form/deviceEntity';
import { hour12Of, pinnedAttributesOf, speedUnitOf } from '../../units/userUnits';
import { categoryOf, createDeviceFilter, warmSearchTexts } from './deviceFilter';
import { createDeviceSorter } from './deviceSort';
import { DeviceListToolbar } from './DeviceListToolbar';
import { DeviceRow } from './DeviceRow';
import { deviceRowStyleSheet } from './deviceRowStyles';
import { useSelectedDevice } from './selectedDevice';
import { useDeviceListState } from './useDeviceListState';
import { useSettledDevices, useSettledPositions } from './useSettled';
import { listLayout } from './listLayout';
import { useVirtualRows } from './useVirtualRows';

const ROW_HEIGHTS = { device: 76, group: 30 };
/** A few rows beyond the screen hide the scroll edge; each extra row is render and layout work per keystroke. */
const OVERSCAN = 3;
// `contain: strict`: the scroller's size comes from the layout around it, so a redraw of its rows never relays out the page (the map beside it).
const SCROLLER_STYLE = { contain: 'strict' } as const;
/**
 * The list's sorter, kept across visits to the list: a fleet-wide update that renames nobody keeps
 * the name order, and so does reopening the list (a full sort of 50,000 names takes ~130 ms).
 */
const sortForList = createDeviceSorter();
/** One empty object, so "no positions needed" stays the same value between renders. */
const NO_POSITIONS: Readonly<Record<number, Position>> = {};

/** `/devices`: the whole fleet, filtered, sorted, grouped and virtualised; a row selects the device everywhere. */
export function DeviceListScreen() {
  const { t, i18n } = useTranslation();
  useFleetDataLoaded();
  // Filtering and sorting read the settled stores (500 ms behind, SPEC §4); each row reads its own
  // live device and position, so a socket message redraws that row, not the list.
  const devicesById = useSettledDevices();
  const settledPositions = useSettledPositions();
  const user = useSessionStore((state) => state.user);
  const server = useServerStore((state) => state.server);
  const geofences = useFleetData((state) => state.geofences);
  const groups = useFleetData((state) => state.groups);
  const access = useFleetAccess();
  const limitReached = useDeviceLimitReached();
  const list = useDeviceListState();
  const navigate = useRouterBridge((state) => state.navigate);
  const selected = useSelectedDevice((state) => state.deviceId);

  const anchoredDeviceIds = useMemo(() => new Set(geofences.filter(isAnchorGeofence).map((geofence) => Number(geofence.attributes.deviceId))), [geofences]);
  const devices = useMemo(() => Object.values(devicesById), [devicesById]);
  useMissingPositionsLoaded(devices);

  // Only state sorts depend on positions: a name sort must not redo 50,000 comparisons per fix.
  const sortPositions = list.sort.field === 'name' || list.sort.field === 'lastUpdate' || list.sort.field === 'anchor' ? null : settledPositions;
  const sorted = useMemo(
    () => sortForList(devices, list.sort, { positions: sortPositions ?? NO_POSITIONS, anchoredDeviceIds, language: i18n.language }),
    [devices, list.sort, sortPositions, anchoredDeviceIds, i18n.language],
  );
  // The search texts of the array the filter scans, built before the user types.
  useEffect(() => warmSearchTexts(sorted), [sorted]);
  const motionPositions = list.filter.motionOnly ? settledPositions : null;
  // Filtered in the keystroke's own render: typing forward scans only what the previous letter left
  // and only a screenful of rows is drawn, so nothing is deferred (a deferred render could be
  // interrupted again and again by the socket's updates on a busy page).
  const filter = list.filter;
  // One filter per list on screen: typing forward scans only what the previous letter left.
  const [filterOf] = useState(createDeviceFilter);
  const filtered = useMemo(() => filterOf(sorted, filter, motionPositions ?? NO_POSITIONS), [filterOf, sorted, filter, motionPositions]);
  const groupNames = useMemo(() => Object.fromEntries(groups.map((group) => [group.id, group.name])), [groups]);
  const layout = useMemo(() => listLayout(filtered, list.grouping, groupNames, t('fleet.list.noGroup'), i18n.language, ROW_HEIGHTS), [filtered, list.grouping, groupNames, t, i18n.language]);
  // Kept as one key, so a socket update that brings no new category leaves the toolbar's controls alone.
  const categoryKey = useMemo(() => [...new Set(devices.map(categoryOf))].sort().join('\n'), [devices]);
  const categories = useMemo(() => (categoryKey ? categoryKey.split('\n') : []), [categoryKey]);
  const speedUnit = speedUnitOf(user, server);
  const hour12 = hour12Of(user, server);
  const pinnedAttributes = useMemo(() => pinnedAttributesOf(user, server), [user, server]);

  const { scrollRef, rows, totalHeight, scrollToRow } = useVirtualRows(layout, OVERSCAN);

  // A device selected elsewhere (a map marker, a detail opened and left) is scrolled into view; only
  // a new selection scrolls, a re-sort under the user's eyes does not.
  useEffect(() => {
    if (selected !== null) scrollToRow((current) => current.indexOfDevice(selected));
  }, [selected, scrollToRow]);

  const choose = useCallback(
    (deviceId: number) => {
      bus.emit('device:selected', deviceId);
      navigate(`/devices/${deviceId}`);
    },
    [navigate],
  );

  const canCreate = entityRights(access, deviceEntity).create;
  return (
    <Stack gap="0" h="100%" minH="0">
      {/* React puts it in the document head once, however many lists render it. */}
      <style href="rastro-device-rows" precedence="default">
        {deviceRowStyleSheet}
      </style>
      <DeviceListToolbar
        filter={list.filter}
        sort={list.sort}
        grouping={list.grouping}
        categories={categories}
        groups={groups}
        selectedDeviceId={selected}
        selectedName={(list.filter.deviceId !== null ? devicesById[list.filter.deviceId]?.name : selected !== null ? devicesById[selected]?.name : null) ?? null}
        onFilter={list.changeFilter}
        onSort={list.chooseSort}
        onGrouping={list.chooseGrouping}
      />
      <HStack justify="space-between" px="3" py="1" fontSize="xs" color="fg.muted">
        {/* data-query: the search this count answers, so a test or benchmark knows a keystroke was answered even when the count stays the same. */}
        <Text data-testid="device-count" data-query={filter.query}>{t('fleet.list.count', { shown: filtered.length, total: devices.length })}</Text>
        {canCreate && (
          <HStack gap="1">
            <Button size="2xs" variant="outline" data-testid="device-autolink" onClick={() => navigate('/autolink')}>
              {t('fleet.list.addByImei')}
            </Button>
            <Button size="2xs" colorPalette="blue" data-testid="device-add" title={limitReached ? t('fleet.form.limitReached') : undefined} onClick={() => navigate('/devices/new')}>
              {t('fleet.list.add')}
            </Button>
          </HStack>
        )}
      </HStack>
      {layout.count === 0 ? (
        <Text p="4" color="fg.muted">
          {devices.length === 0 ? t('devices.empty') : t('devices.noResults')}
        </Text>
      ) : (
        <Box ref={scrollRef} flex="1" minH="0" overflowY="auto" css={SCROLLER_STYLE} data-testid="device-list" role="list" aria-label={t('devices.title')}>
          <Box position="relative" h={`${totalHeight}px`}>
            {rows.map(({ item, top, height }) => (
              // A plain element with inline style: a styled wrapper per row would recompute its class on every keystroke and scroll frame.
              <div key={item.key} style={{ position: 'absolute', top: 0, left: 0, width: '100%', height, transform: `translateY(${top}px)` }}>
                {item.kind === 'group' ? (
                  <div className="device-group" data-testid="device-group">
                    {item.name} ({item.count})
                  </div>
                ) : (
                  <DeviceRow
                    device={item.device}
                    anchored={anchoredDeviceIds.has(item.device.id)}
                    selected={selected === item.device.id}
                    speedUnit={speedUnit}
                    hour12={hour12}
                    pinnedAttributes={pinnedAttributes}
                    onChoose={choose}
                  />
                )}
              </div>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
