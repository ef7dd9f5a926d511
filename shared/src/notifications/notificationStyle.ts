/** SPEC §3: the notification types a user can choose. */
export const notificationTypes = [
  'alarm',
  'deviceOnline',
  'deviceOffline',
  'textMessage',
  'deviceUnknown',
  'geofenceExit',
  'geofenceEnter',
  'ignitionOff',
  'ignitionOn',
  'deviceMoving',
  'deviceStopped',
  'deviceOverspeed',
  'commandResult',
  'driverChanged',
  'deviceFuelDrop',
  'maintenance',
  'deviceInactive',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** SPEC §3 pop-up colours and corners, kept in the notification's `rastro.color` / `rastro.position`. */
export const popupColours = ['soft-red', 'red', 'soft-green', 'green', 'soft-yellow', 'yellow', 'soft-info', 'info'] as const;
export type PopupColour = (typeof popupColours)[number];
export const popupPositions = ['top-right', 'top-left', 'bottom-right', 'bottom-left'] as const;
export type PopupPosition = (typeof popupPositions)[number];

/** SPEC §9: default position bottom-right, default sound audio1. */
export const DEFAULT_POSITION: PopupPosition = 'bottom-right';
export const DEFAULT_SOUND = 'audio1';
export const PRESET_SOUND_COUNT = 24;
/** `rastro.sound`'s presets, audio1 … audio24. */
export const presetSounds: readonly string[] = Array.from({ length: PRESET_SOUND_COUNT }, (_, index) => `audio${index + 1}`);

/** The file a preset names (served by the gateway), or null for anything else. */
export function presetSoundUrl(preset: string): string | null {
  const match = /^audio(\d{1,2})$/.exec(preset);
  const number = match ? Number(match[1]) : NaN;
  return number >= 1 && number <= PRESET_SOUND_COUNT ? `/rastro/assets/custom/sounds/audio${number}.wav` : null;
}

/** Notification attributes Rastro adds to Traccar's (SPEC §3). */
export const notificationStyleKeys = {
  sound: 'rastro.sound',
  soundUrl: 'rastro.soundURL',
  colour: 'rastro.color',
  position: 'rastro.position',
  pin: 'rastro.pin',
} as const;
