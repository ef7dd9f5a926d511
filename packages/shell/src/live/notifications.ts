import { createTrackingApi } from '@rastro/shared';
import { z } from 'zod';
import { create } from 'zustand';
import type { NotificationLike } from './popupChoice';

const notificationListSchema = z.array(z.object({ id: z.number(), type: z.string(), attributes: z.record(z.string(), z.unknown()).optional() }).loose());

interface NotificationsState {
  notifications: NotificationLike[];
  loaded(notifications: NotificationLike[]): void;
}

/** The signed-in user's notifications (type → pop-up colour, position, sound, pin). */
export const useNotificationsStore = create<NotificationsState>()((set) => ({
  notifications: [],
  loaded: (notifications) => set({ notifications }),
}));

/** GET /api/notifications after login; a failure leaves the defaults (bottom-right, audio1, 7 s). */
export async function loadNotifications(http = createTrackingApi().http): Promise<void> {
  try {
    useNotificationsStore.getState().loaded(notificationListSchema.parse(await http.json('/notifications')));
  } catch (error) {
    console.warn('[rastro] notifications not loaded; pop-ups use the defaults', error);
  }
}
