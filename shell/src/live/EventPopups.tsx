import { Box, bus, Button, CloseButton, entityLists, eventName, Flex, Stack, Text, useDevicesStore } from '@rastro/shared';
import type { TrackingEvent } from '@rastro/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventCentreStore } from './eventCentre';
import { useMuteStore } from './mute';
import { choosePopup, eventMessage, notificationFor, popupColourStyles, popupPositions } from './popupChoice';
import type { PopupPosition } from './popupChoice';
import { addPopups, cornerView } from './popupQueue';
import type { QueuedPopup } from './popupQueue';

const corners: Record<PopupPosition, { top?: string; bottom?: string; left?: string; right?: string }> = {
  'top-right': { top: '16', right: '3' },
  'top-left': { top: '16', left: '3' },
  'bottom-right': { bottom: '3', right: '3' },
  'bottom-left': { bottom: '3', left: '3' },
};

/** Plays a notification sound; browsers may refuse before the first user gesture, which is not an error. */
export function playSound(url: string): void {
  try {
    void new Audio(url).play().catch(() => undefined);
  } catch {
    // No audio support (tests, old browsers).
  }
}

/**
 * SPEC §4: each arriving event shows a pop-up (and plays its sound unless muted). A burst does not
 * bury the map: one device's events of one kind collapse into one pop-up with a count, and a corner
 * shows a few (popupQueue.ts) and "+N more", which opens the event centre that keeps them all.
 */
export function EventPopups() {
  const { t } = useTranslation();
  const [popups, setPopups] = useState<QueuedPopup[]>([]);
  // The timers must see the list as it is, not as the render that set them saw it.
  const popupsRef = useRef<QueuedPopup[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const closeRef = useRef<(key: string) => void>(() => undefined);

  useEffect(() => {
    const close = (key: string) => {
      clearTimeout(timers.current.get(key));
      timers.current.delete(key);
      popupsRef.current = popupsRef.current.filter((popup) => popup.key !== key);
      setPopups(popupsRef.current);
    };
    const onEvents = (events: TrackingEvent[]) => {
      const notifications = entityLists.notifications.getState().items;
      const devices = useDevicesStore.getState().byId;
      const fresh = events.map((event, index): QueuedPopup => {
        const choice = choosePopup(notificationFor(event, notifications));
        const alarm = typeof event.attributes?.alarm === 'string' ? event.attributes.alarm : undefined;
        return {
          ...choice,
          key: `${event.id}-${Date.now()}-${index}`,
          groupKey: `${event.deviceId}|${event.type}|${alarm ?? ''}`,
          title: devices[event.deviceId]?.name ?? '',
          message: eventMessage(event) ?? eventName(event.type, alarm),
          count: 1,
        };
      });
      const arrival = addPopups(popupsRef.current, fresh);
      for (const key of arrival.replacedKeys) {
        clearTimeout(timers.current.get(key));
        timers.current.delete(key);
      }
      popupsRef.current = arrival.popups;
      setPopups(arrival.popups);
      for (const popup of arrival.popups) {
        if (popup.durationMs !== null && !timers.current.has(popup.key)) timers.current.set(popup.key, setTimeout(() => close(popup.key), popup.durationMs));
      }
      // Events that arrive together (a fix can raise several) each keep their notification's
      // sound: a command's answer must be heard even beside an overspeed. The same sound plays once.
      if (!useMuteStore.getState().muted) {
        for (const sound of new Set(fresh.map((popup) => popup.soundUrl))) if (sound) playSound(sound);
      }
    };
    closeRef.current = close;
    const pending = timers.current;
    bus.on('events:received', onEvents);
    return () => {
      bus.off('events:received', onEvents);
      pending.forEach((timer) => clearTimeout(timer));
      pending.clear();
    };
  }, []);

  return (
    <>
      {popupPositions.map((position) => {
        const { shown, hiddenCount } = cornerView(popups, position);
        if (!shown.length) return null;
        return (
          <Stack key={position} position="fixed" zIndex="toast" gap="2" w={{ base: 'calc(100% - 1.5rem)', sm: '80' }} {...corners[position]} data-testid={`popups-${position}`}>
            {shown.map((popup) => {
              const style = popupColourStyles[popup.colour ?? 'default'];
              return (
                <Box
                  key={popup.key}
                  role="status"
                  bg={style.bg}
                  color={style.color}
                  borderRadius="md"
                  boxShadow="lg"
                  px="3"
                  py="2"
                  data-testid="event-popup"
                  data-colour={popup.colour ?? 'default'}
                  data-pinned={popup.durationMs === null}
                  data-count={popup.count}
                >
                  <Flex align="start" gap="2">
                    <Box flex="1" minW="0">
                      {popup.title && (
                        <Text fontWeight="semibold" fontSize="sm" truncate>
                          {popup.title}
                        </Text>
                      )}
                      <Text fontSize="sm">{popup.message}</Text>
                      {popup.count > 1 && (
                        <Text fontSize="xs" opacity={0.85} data-testid="event-popup-count">
                          {t('eventCentre.popupCount', { count: popup.count })}
                        </Text>
                      )}
                    </Box>
                    <CloseButton size="xs" aria-label={t('shell.close')} onClick={() => closeRef.current(popup.key)} data-testid="event-popup-close" />
                  </Flex>
                </Box>
              );
            })}
            {hiddenCount > 0 && (
              <Button size="xs" alignSelf="end" colorPalette="gray" variant="solid" onClick={() => useEventCentreStore.getState().setPanelOpen(true)} data-testid="event-popups-more">
                {t('eventCentre.moreEvents', { count: hiddenCount })}
              </Button>
            )}
          </Stack>
        );
      })}
    </>
  );
}
