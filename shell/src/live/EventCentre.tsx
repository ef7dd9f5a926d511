import { Badge, Box, bus, Button, CloseButton, createTrackingApi, Dialog, eventName, eventSchema, Flex, formatDate, HStack, IconButton, NativeSelect, Portal, Stack, Text, twelveHourClockOf, useDevicesStore, useServerStore, useSessionStore } from '@rastro/shared';
import type { TrackingEvent } from '@rastro/shared';
import { Bell, CheckCheck, ChevronDown, ChevronUp, History, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { eventSeverities, filterCentre, noCentreFilter, useEventCentreStore } from './eventCentre';
import type { CentreEvent, CentreFilter, EventSeverity } from './eventCentre';
import { eventMessage } from './popupChoice';
import { PushOptIn } from '../offline/PushOptIn';

/** How far back "load recent" reaches, and how many devices one report request names. */
export const RECENT_EVENTS_HOURS = 6;
const DEVICES_PER_REQUEST = 100;
/** Drawn rows: the panel stays quick with a thousand events kept; the filters narrow the rest. */
const DRAWN_ROWS = 200;

const api = createTrackingApi();
const eventList = z.array(eventSchema);

/** The last hours' events of the given devices from Traccar's events report, a request per hundred devices. */
async function recentEvents(deviceIds: readonly number[], now = Date.now()): Promise<TrackingEvent[]> {
  const from = new Date(now - RECENT_EVENTS_HOURS * 3_600_000).toISOString();
  const to = new Date(now).toISOString();
  const batches: number[][] = [];
  for (let start = 0; start < deviceIds.length; start += DEVICES_PER_REQUEST) batches.push(deviceIds.slice(start, start + DEVICES_PER_REQUEST));
  const answers = await Promise.all(batches.map((batch) => api.http.json('/reports/events', { query: { deviceId: batch, from, to } })));
  return answers.flatMap((answer) => eventList.parse(answer));
}

/** Live events feed the centre for as long as the signed-in layout is mounted. */
export function useEventCentreFeed(): void {
  useEffect(() => {
    const receive = (events: TrackingEvent[]) => useEventCentreStore.getState().receive(events);
    bus.on('events:received', receive);
    return () => void bus.off('events:received', receive);
  }, []);
}

const severityPalette: Record<EventSeverity, string> = { critical: 'red', warning: 'orange', info: 'gray' };

function EventRow({ entry, onOpen }: { entry: CentreEvent; onOpen(entry: CentreEvent): void }) {
  const { t, i18n } = useTranslation();
  const device = useDevicesStore((state) => state.byId[entry.event.deviceId]);
  const hour12 = twelveHourClockOf(useSessionStore((state) => state.user), useServerStore((state) => state.server));
  const alarm = typeof entry.event.attributes?.alarm === 'string' ? entry.event.attributes.alarm : undefined;
  return (
    <Box
      as="button"
      textAlign="start"
      w="100%"
      px="3"
      py="2"
      borderBottomWidth="1px"
      bg={entry.read ? undefined : 'brand.subtle'}
      _hover={{ bg: 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
      onClick={() => onOpen(entry)}
      data-testid="event-centre-row"
      data-read={entry.read}
    >
      <Flex gap="2" align="center">
        <Badge colorPalette={severityPalette[entry.severity]} size="sm">
          {t(`eventCentre.severity.${entry.severity}`)}
        </Badge>
        <Text flex="1" minW="0" fontWeight={entry.read ? 'normal' : 'semibold'} fontSize="sm" truncate>
          {device?.name ?? t('eventCentre.unknownDevice', { id: entry.event.deviceId })}
        </Text>
        <Text fontSize="xs" color="fg.muted" flexShrink={0}>
          {formatDate(entry.event.eventTime ?? '', i18n.language, 'dateTime', { hour12 })}
        </Text>
      </Flex>
      <Text fontSize="sm">{eventMessage(entry.event) ?? eventName(entry.event.type, alarm)}</Text>
    </Box>
  );
}

function CentreFilters({ filter, onChange, entries }: { filter: CentreFilter; onChange(filter: CentreFilter): void; entries: readonly CentreEvent[] }) {
  const { t } = useTranslation();
  const devicesById = useDevicesStore((state) => state.byId);
  // Only what the kept events hold: a filter that can only answer "nothing" is noise.
  // (and the current choice, so the control always says what it filters on).
  const deviceIds = useMemo(
    () => [...new Set([...entries.map((entry) => entry.event.deviceId), ...(filter.deviceId === null ? [] : [filter.deviceId])])].sort((a, b) => (devicesById[a]?.name ?? '').localeCompare(devicesById[b]?.name ?? '')),
    [entries, devicesById, filter.deviceId],
  );
  const types = useMemo(() => [...new Set([...entries.map((entry) => entry.event.type), ...(filter.type === null ? [] : [filter.type])])].sort(), [entries, filter.type]);
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="2" px="3" pb="2">
      <NativeSelect.Root size="sm">
        <NativeSelect.Field aria-label={t('eventCentre.filterDevice')} value={filter.deviceId ?? ''} onChange={(event) => onChange({ ...filter, deviceId: event.target.value ? Number(event.target.value) : null })} data-testid="event-centre-device">
          <option value="">{t('eventCentre.allDevices')}</option>
          {deviceIds.map((id) => (
            <option key={id} value={id}>
              {devicesById[id]?.name ?? t('eventCentre.unknownDevice', { id })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field aria-label={t('eventCentre.filterType')} value={filter.type ?? ''} onChange={(event) => onChange({ ...filter, type: event.target.value || null })} data-testid="event-centre-type">
          <option value="">{t('eventCentre.allTypes')}</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {eventName(type)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          aria-label={t('eventCentre.filterSeverity')}
          value={filter.severity ?? ''}
          onChange={(event) => onChange({ ...filter, severity: eventSeverities.find((severity) => severity === event.target.value) ?? null })}
          data-testid="event-centre-severity"
        >
          <option value="">{t('eventCentre.allSeverities')}</option>
          {eventSeverities.map((severity) => (
            <option key={severity} value={severity}>
              {t(`eventCentre.severity.${severity}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}

/** The top bar's bell: the unread count, and the panel of the session's events. */
export function EventCentre() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entries = useEventCentreStore((state) => state.entries);
  const unreadCount = useEventCentreStore((state) => state.unreadCount);
  const open = useEventCentreStore((state) => state.panelOpen);
  const onOpenChange = useEventCentreStore((state) => state.setPanelOpen);
  const [filter, setFilter] = useState<CentreFilter>(noCentreFilter);
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [sheetExpanded, setSheetExpanded] = useState(false);
  const shown = useMemo(() => filterCentre(entries, filter), [entries, filter]);

  const openEvent = (entry: CentreEvent) => {
    useEventCentreStore.getState().markRead(entry.event.id);
    onOpenChange(false);
    navigate(`/devices/${entry.event.deviceId}`);
    bus.emit('device:selected', entry.event.deviceId);
  };
  const loadRecent = async () => {
    setLoading(true);
    setLoadFailed(false);
    try {
      const ids = Object.keys(useDevicesStore.getState().byId).map(Number);
      useEventCentreStore.getState().load(await recentEvents(ids));
    } catch {
      setLoadFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Box position="relative">
        <IconButton
          aria-label={unreadCount ? t('eventCentre.openUnread', { count: unreadCount }) : t('eventCentre.open')}
          title={t('eventCentre.title')}
          variant="ghost"
          color="brand.contrast"
          _hover={{ bg: 'brand.emphasized' }}
          onClick={() => onOpenChange(true)}
          data-testid="event-centre-button"
        >
          <Bell aria-hidden />
        </IconButton>
        {unreadCount > 0 && (
          <Badge position="absolute" top="0.5" right="0.5" colorPalette="red" variant="solid" borderRadius="full" fontSize="2xs" pointerEvents="none" data-testid="event-centre-unread">
            {unreadCount > 99 ? '99+' : unreadCount}
          </Badge>
        )}
      </Box>
      {/* On a phone a bottom sheet over the lower part of the map, within a thumb's reach, that
          expands to the whole screen (SPEC's minimise/expand on mobile); from sm up a panel on the right. */}
      <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} size={{ base: 'full', sm: 'md' }} placement="top" scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner justifyContent={{ sm: 'flex-end' }} alignItems={{ base: 'flex-end', sm: 'flex-start' }}>
            <Dialog.Content
              my="0"
              // The full-screen size's own minimum height would keep the sheet whole.
              h={{ base: sheetExpanded ? '100dvh' : '60dvh', sm: '100dvh' }}
              minH={{ base: sheetExpanded ? '100dvh' : '60dvh', sm: '100dvh' }}
              maxH="100dvh"
              borderRadius={{ base: sheetExpanded ? '0' : 'xl xl 0 0', sm: '0' }}
              data-testid="event-centre"
              data-expanded={sheetExpanded}
            >
              <Dialog.Header pb="2">
                <Dialog.Title>{t('eventCentre.title')}</Dialog.Title>
                <IconButton
                  aria-label={sheetExpanded ? t('shell.minimise') : t('shell.expand')}
                  variant="ghost"
                  size="sm"
                  ms="auto"
                  me="8"
                  display={{ base: 'inline-flex', sm: 'none' }}
                  onClick={() => setSheetExpanded(!sheetExpanded)}
                  data-testid="event-centre-toggle"
                >
                  {sheetExpanded ? <ChevronDown aria-hidden /> : <ChevronUp aria-hidden />}
                </IconButton>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('shell.close')} />
                </Dialog.CloseTrigger>
              </Dialog.Header>
              <HStack px="3" pb="2" gap="2" wrap="wrap">
                <Button size="xs" variant="outline" onClick={() => useEventCentreStore.getState().markAllRead()} disabled={!unreadCount} data-testid="event-centre-read-all">
                  <CheckCheck aria-hidden /> {t('eventCentre.markAllRead')}
                </Button>
                <Button size="xs" variant="outline" onClick={() => void loadRecent()} loading={loading} data-testid="event-centre-load">
                  <History aria-hidden /> {t('eventCentre.loadRecent', { hours: RECENT_EVENTS_HOURS })}
                </Button>
                <Button size="xs" variant="outline" onClick={() => {
                    useEventCentreStore.getState().clear();
                    setFilter(noCentreFilter);
                  }} disabled={!entries.length} data-testid="event-centre-clear">
                  <Trash2 aria-hidden /> {t('eventCentre.clear')}
                </Button>
                <PushOptIn />
              </HStack>
              <CentreFilters filter={filter} onChange={setFilter} entries={entries} />
              <Dialog.Body px="0" py="0">
                {loadFailed && (
                  <Text role="alert" px="3" py="2" color="fg.error">
                    {t('eventCentre.loadFailed')}
                  </Text>
                )}
                {shown.length === 0 ? (
                  <Text px="3" py="6" textAlign="center" color="fg.muted" data-testid="event-centre-empty">
                    {t('eventCentre.empty')}
                  </Text>
                ) : (
                  <Box data-testid="event-centre-list" data-count={shown.length}>
                    {shown.slice(0, DRAWN_ROWS).map((entry) => (
                      <EventRow key={entry.event.id} entry={entry} onOpen={openEvent} />
                    ))}
                    {shown.length > DRAWN_ROWS && (
                      <Text px="3" py="2" fontSize="xs" color="fg.muted">
                        {t('eventCentre.moreRows', { shown: DRAWN_ROWS, total: shown.length })}
                      </Text>
                    )}
                  </Box>
                )}
              </Dialog.Body>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
