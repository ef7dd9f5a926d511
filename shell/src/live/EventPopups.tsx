import { Box, bus, CloseButton, entityLists, eventName, Flex, Stack, Text, useDevicesStore } from '@rastro/shared';
import type { TrackingEvent } from '@rastro/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMuteStore } from './mute';
import { choosePopup, eventMessage, notificationFor, popupColourStyles, popupPositions } from './popupChoice';
import type { PopupChoice, PopupPosition } from './popupChoice';

interface Popup extends PopupChoice {
  key: string;
  title: string;
  message: string;
}

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

/** SPEC §4: each arriving event shows a pop-up (and plays its sound unless muted). */
export function EventPopups() {
  const { t } = useTranslation();
  const [popups, setPopups] = useState<Popup[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const closeRef = useRef<(key: string) => void>(() => undefined);

  useEffect(() => {
    const close = (key: string) => {
      clearTimeout(timers.current.get(key));
      timers.current.delete(key);
      setPopups((current) => current.filter((popup) => popup.key !== key));
    };
    const onEvents = (events: TrackingEvent[]) => {
      const notifications = entityLists.notifications.getState().items;
      const devices = useDevicesStore.getState().byId;
      const fresh = events.map((event, index): Popup => {
        const choice = choosePopup(notificationFor(event, notifications));
        const alarm = typeof event.attributes?.alarm === 'string' ? event.attributes.alarm : undefined;
        return {
          ...choice,
          key: `${event.id}-${Date.now()}-${index}`,
          title: devices[event.deviceId]?.name ?? '',
          message: eventMessage(event) ?? eventName(event.type, alarm),
        };
      });
      setPopups((current) => [...current, ...fresh]);
      for (const popup of fresh) {
        if (popup.durationMs !== null) timers.current.set(popup.key, setTimeout(() => close(popup.key), popup.durationMs));
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
        const here = popups.filter((popup) => popup.position === position);
        if (!here.length) return null;
        return (
          <Stack key={position} position="fixed" zIndex="toast" gap="2" w={{ base: 'calc(100% - 1.5rem)', sm: '80' }} {...corners[position]} data-testid={`popups-${position}`}>
            {here.map((popup) => {
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
                >
                  <Flex align="start" gap="2">
                    <Box flex="1" minW="0">
                      {popup.title && (
                        <Text fontWeight="semibold" fontSize="sm" truncate>
                          {popup.title}
                        </Text>
                      )}
                      <Text fontSize="sm">{popup.message}</Text>
                    </Box>
                    <CloseButton size="xs" aria-label={t('shell.close')} onClick={() => closeRef.current(popup.key)} data-testid="event-popup-close" />
                  </Flex>
                </Box>
              );
            })}
          </Stack>
        );
      })}
    </>
  );
}
