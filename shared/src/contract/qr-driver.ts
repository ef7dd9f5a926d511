import { z } from 'zod';

/**
 * Driver attribute holding the QR access settings (SPEC §3 Driver). The tracking server keeps them
 * without `password`: the gateway moves the password to the driver's own tracking-server user.
 */
export const QR_ACCESS_ATTRIBUTE = 'rastro.qrAccess';

/** Attributes of a QR driver's tracking-server user, besides rastroAttributeKeys.isQrDriverId / isQrDeviceId. */
export const qrDriverUserKeys = {
  /** The user who gave the QR access: the driver checks in only to devices this user reaches. */
  ownerId: 'rastro.qrOwnerId',
  /** ISO time of the current check-in. */
  checkedInAt: 'rastro.qrCheckedInAt',
} as const;

const minutes = z.number().int().min(0).max(7 * 24 * 60);

export const qrAccessSchema = z.object({
  /** The driver's login on the tracking server. */
  username: z.string().trim().min(4).max(128),
  /** Required when the access is first given; omitted afterwards to keep the current one. */
  password: z.string().min(4).max(128).optional(),
  /** Resume the engine when the driver checks in. */
  unlockDevice: z.boolean().default(false),
  /** Check the driver out when the device's ignition goes off. */
  logoutOnIgnitionOff: z.boolean().default(false),
  /** Stop the engine when the device is left without a driver… */
  lockWithoutDriver: z.boolean().default(false),
  /** …this many minutes after the check-out (0: at once). */
  lockDelayMinutes: minutes.default(0),
  /** Check the driver out this many minutes after the check-in (0: never). */
  logoutDelayMinutes: minutes.default(0),
});
export type QrAccess = z.infer<typeof qrAccessSchema>;

/** `POST /rastro/qr-driver`: check in to device `id`, or out with 0. */
export const qrDriverCheckSchema = z.object({ id: z.number().int().min(0) });
export type QrDriverCheck = z.infer<typeof qrDriverCheckSchema>;

/** The driver's state after a check-in or out: the device (0 when none) and since when. */
export const qrDriverStateSchema = z.object({ deviceId: z.number().int(), checkedInAt: z.string().nullable() });
export type QrDriverState = z.infer<typeof qrDriverStateSchema>;

/**
 * `GET /rastro/qr-driver`: what the driver screen shows. The driver's own account reaches no device
 * on the tracking server, so the gateway reads the checked-in vehicle for it.
 */
export const qrDriverViewSchema = qrDriverStateSchema.extend({
  /** The vehicle checked in to, or null. `blocked`: its engine is stopped (the last position's `blocked`). */
  device: z.object({ id: z.number().int(), name: z.string(), status: z.string(), blocked: z.boolean() }).nullable(),
  /** When the driver is checked out and signed out (logoutDelayMinutes after the check-in), or null. */
  logoutAt: z.string().nullable(),
  /** The vehicle locks this many minutes after the check-out; null when it does not lock. */
  lockDelayMinutes: z.number().int().nullable(),
  logoutOnIgnitionOff: z.boolean(),
  /** The server's QR check-in switch (SPEC §3): off, a driver may only check out. */
  checkInEnabled: z.boolean(),
});
export type QrDriverView = z.infer<typeof qrDriverViewSchema>;
