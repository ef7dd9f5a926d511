import { DEFAULT_SOUND, DEFAULT_POSITION, popupColours, popupPositions, presetSoundUrl } from '@rastro/shared';
import type { PopupColour, PopupPosition, TrackingEvent } from '@rastro/shared';

// Declared once in @rastro/shared: the fleet's notification form offers the same choices.
export { DEFAULT_SOUND, DEFAULT_POSITION, popupColours, popupPositions, presetSoundUrl };
export type { PopupColour, PopupPosition };

/** SPEC §9: a pop-up lasts 7 s unless pinned. */
export const POPUP_DURATION_MS = 7_000;

/** The part of a Traccar notification a pop-up reads. */
export interface NotificationLike {
  type: string;
  attributes?: Record<string, unknown>;
}

export interface PopupChoice {
  colour: PopupColour | null;
  position: PopupPosition;
  /** The sound file to play, or null (mute). */
  soundUrl: string | null;
  /** Milliseconds on screen, or null when pinned (until closed). */
  durationMs: number | null;
}

/** Chakra colours for each SPEC colour name: the soft ones light with dark text, the others solid. */
export const popupColourStyles: Record<PopupColour | 'default', { bg: string; color: string }> = {
  'soft-red': { bg: 'red.subtle', color: 'red.fg' },
  red: { bg: 'red.600', color: 'white' },
  'soft-green': { bg: 'green.subtle', color: 'green.fg' },
  green: { bg: 'green.600', color: 'white' },
  'soft-yellow': { bg: 'yellow.subtle', color: 'yellow.fg' },
  yellow: { bg: 'yellow.400', color: 'gray.900' },
  'soft-info': { bg: 'blue.subtle', color: 'blue.fg' },
  info: { bg: 'blue.600', color: 'white' },
  default: { bg: 'gray.800', color: 'white' },
};

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** `rastro.sound`: mute, a preset audio1…24, a custom URL (in the value or in `rastro.soundURL`); default audio1. */
export function chooseSound(attributes: Record<string, unknown> = {}): string | null {
  const sound = text(attributes['rastro.sound']) ?? DEFAULT_SOUND;
  if (sound === 'mute') return null;
  const preset = presetSoundUrl(sound);
  if (preset) return preset;
  const custom = text(attributes['rastro.soundURL']) ?? (/^(https?:)?\/\//.test(sound) || sound.startsWith('/') ? sound : undefined);
  return custom ?? presetSoundUrl(DEFAULT_SOUND);
}

function isPinned(value: unknown): boolean {
  return value === true || value === 'true';
}

/** Colour, position, sound and duration of an event's pop-up from its notification's attributes. */
export function choosePopup(notification: NotificationLike | undefined): PopupChoice {
  const attributes = notification?.attributes ?? {};
  const colour = popupColours.find((known) => known === attributes['rastro.color']) ?? null;
  const position = popupPositions.find((known) => known === attributes['rastro.position']) ?? DEFAULT_POSITION;
  return {
    colour,
    position,
    soundUrl: chooseSound(attributes),
    durationMs: isPinned(attributes['rastro.pin']) ? null : POPUP_DURATION_MS,
  };
}

/**
 * The user's notification that an event belongs to: same type; for alarms, preferably one whose
 * `alarms` list names the event's alarm.
 */
export function notificationFor(event: Pick<TrackingEvent, 'type' | 'attributes'>, notifications: readonly NotificationLike[]): NotificationLike | undefined {
  const sameType = notifications.filter((notification) => notification.type === event.type);
  const alarm = text(event.attributes?.alarm);
  if (event.type === 'alarm' && alarm) {
    const named = sameType.find((notification) =>
      String(notification.attributes?.alarms ?? '')
        .split(',')
        .map((name) => name.trim())
        .includes(alarm),
    );
    if (named) return named;
  }
  return sameType[0];
}

/** The event's own message when it has one; otherwise null and the caller translates its type. */
export function eventMessage(event: Pick<TrackingEvent, 'attributes'>): string | null {
  return text(event.attributes?.message) ?? null;
}
