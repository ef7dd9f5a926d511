import { toDate, toNumber, type Database } from '@rastro/db';
import { formatDate } from '../entities/dates';

/** One captured period, as Traccar's Statistics model holds it. */
export interface StatisticsRow {
  captureTime: Date;
  activeUsers: number;
  activeDevices: number;
  requests: number;
  messagesReceived: number;
  messagesStored: number;
  protocols: Record<string, number>;
}

/**
 * Traccar's StatisticsManager: counts API requests (and the users making them), device messages
 * received and stored (and the devices and protocols sending them), and stores the counts when
 * the day changes (its DAY_OF_MONTH split, here the UTC day), starting again from zero.
 */
export class StatisticsCounter {
  private users = new Set<number>();
  private devices = new Set<number>();
  private protocols = new Map<string, number>();
  private requests = 0;
  private messagesReceived = 0;
  private messagesStored = 0;
  private day: number;

  constructor(
    private readonly store: (row: StatisticsRow) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.day = this.now().getUTCDate();
  }

  registerRequest(userId: number): void {
    this.checkSplit();
    this.users.add(userId);
    this.requests += 1;
  }

  registerMessages(received: number, stored: ReadonlyArray<{ deviceId: number; protocol: string }>): void {
    this.checkSplit();
    this.messagesReceived += received;
    this.messagesStored += stored.length;
    for (const { deviceId, protocol } of stored) {
      this.devices.add(deviceId);
      this.protocols.set(protocol, (this.protocols.get(protocol) ?? 0) + 1);
    }
  }

  private checkSplit(): void {
    const now = this.now();
    if (now.getUTCDate() === this.day) return;
    this.day = now.getUTCDate();
    const row: StatisticsRow = {
      captureTime: now,
      activeUsers: this.users.size,
      activeDevices: this.devices.size,
      requests: this.requests,
      messagesReceived: this.messagesReceived,
      messagesStored: this.messagesStored,
      protocols: Object.fromEntries(this.protocols),
    };
    this.users = new Set();
    this.devices = new Set();
    this.protocols = new Map();
    this.requests = this.messagesReceived = this.messagesStored = 0;
    this.store(row).catch(this.onError);
  }
}

/** The stored statistics (Traccar's tc_statistics). */
export class StatisticsRepository {
  constructor(private readonly db: Database) {}

  async insert(row: StatisticsRow): Promise<void> {
    await this.db.query(
      `INSERT INTO statistics (capturetime, activeusers, activedevices, requests, messagesreceived, messagesstored, protocols)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
      [row.captureTime, row.activeUsers, row.activeDevices, row.requests, row.messagesReceived, row.messagesStored, JSON.stringify(row.protocols)],
    );
  }

  /** Captures between two instants, oldest first, as Traccar's Statistics JSON. */
  async between(from: Date, to: Date) {
    const rows = await this.db.query('SELECT * FROM statistics WHERE capturetime BETWEEN $1 AND $2 ORDER BY capturetime, id', [from, to]);
    return rows.map((row) => ({
      id: toNumber(row.id),
      captureTime: formatDate(toDate(row.capturetime)),
      activeUsers: toNumber(row.activeusers),
      activeDevices: toNumber(row.activedevices),
      requests: toNumber(row.requests),
      messagesReceived: toNumber(row.messagesreceived),
      messagesStored: toNumber(row.messagesstored),
      mailSent: toNumber(row.mailsent),
      smsSent: toNumber(row.smssent),
      geocoderRequests: toNumber(row.geocoderrequests),
      geolocationRequests: toNumber(row.geolocationrequests),
      protocols: (row.protocols as Record<string, number> | null) ?? null,
      attributes: {},
    }));
  }
}
