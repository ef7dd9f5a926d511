import type { AuditEntry } from '@rastro/shared/contract';

/** A log entry as the gateway answers it: the administrator renamed device 7 from fleet.example. */
export const auditEntry = (id: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-26T06:00:00.000Z',
  userId: 1,
  userName: 'Admin',
  userEmail: 'admin@rastro.demo',
  domain: 'fleet.example',
  clientIp: '203.0.113.9',
  action: 'update',
  objectType: 'device',
  objectId: 7,
  deviceId: 7,
  changes: { name: 'Van 7 (blue)' },
  before: { name: 'Van 7' },
  ...extra,
});
