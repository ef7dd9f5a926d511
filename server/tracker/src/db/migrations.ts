import { CONFIG_CHANGES_DDL } from './config-changes';
import { applyScriptsOnce, type Database } from '@rastro/db';
import { LINK_TABLES, type LinkTable } from './link-tables';

/**
 * The first script of the schema: idempotent statements, like every script (see migrate). Column
 * names follow Traccar's entities (lower-cased, as PostgreSQL folds them). Device status and last
 * update are not stored: they live in memory (see ../live/live-fleet.ts) and are rebuilt from the
 * latest positions. New statements go in a new script at the end of MIGRATION_SCRIPTS; never edit
 * one that has shipped.
 */
const MIGRATIONS = `
CREATE TABLE IF NOT EXISTS users (
  id serial PRIMARY KEY,
  name varchar(128) NOT NULL,
  login varchar(128),
  email varchar(128) NOT NULL,
  phone varchar(128),
  hashedpassword varchar(256) NOT NULL,
  readonly boolean NOT NULL DEFAULT false,
  administrator boolean NOT NULL DEFAULT false,
  map varchar(128),
  latitude double precision NOT NULL DEFAULT 0,
  longitude double precision NOT NULL DEFAULT 0,
  zoom integer NOT NULL DEFAULT 0,
  coordinateformat varchar(128),
  disabled boolean NOT NULL DEFAULT false,
  expirationtime timestamptz,
  devicelimit integer NOT NULL DEFAULT -1,
  userlimit integer NOT NULL DEFAULT 0,
  devicereadonly boolean NOT NULL DEFAULT false,
  limitcommands boolean NOT NULL DEFAULT false,
  disablereports boolean NOT NULL DEFAULT false,
  fixedemail boolean NOT NULL DEFAULT false,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE UNIQUE INDEX IF NOT EXISTS users_email_key ON users (lower(email));
CREATE UNIQUE INDEX IF NOT EXISTS users_login_key ON users (lower(login));

CREATE TABLE IF NOT EXISTS groups (
  id serial PRIMARY KEY,
  name varchar(128) NOT NULL,
  groupid integer REFERENCES groups (id) ON DELETE SET NULL,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE TABLE IF NOT EXISTS devices (
  id serial PRIMARY KEY,
  name varchar(128) NOT NULL,
  uniqueid varchar(128) NOT NULL UNIQUE,
  groupid integer REFERENCES groups (id) ON DELETE SET NULL,
  phone varchar(128),
  model varchar(128),
  contact varchar(512),
  category varchar(128),
  disabled boolean NOT NULL DEFAULT false,
  expirationtime timestamptz,
  calendarid integer,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE TABLE IF NOT EXISTS user_device (
  userid integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  deviceid integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  PRIMARY KEY (userid, deviceid)
);

CREATE TABLE IF NOT EXISTS user_group (
  userid integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  groupid integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  PRIMARY KEY (userid, groupid)
);

CREATE TABLE IF NOT EXISTS positions (
  id bigserial PRIMARY KEY,
  deviceid integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  protocol varchar(128),
  servertime timestamptz NOT NULL,
  devicetime timestamptz NOT NULL,
  fixtime timestamptz NOT NULL,
  valid boolean NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  altitude double precision NOT NULL DEFAULT 0,
  speed double precision NOT NULL DEFAULT 0,
  course double precision NOT NULL DEFAULT 0,
  address varchar(512),
  accuracy double precision NOT NULL DEFAULT 0,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX IF NOT EXISTS positions_deviceid_fixtime ON positions (deviceid, fixtime);

CREATE TABLE IF NOT EXISTS geofences (
  id serial PRIMARY KEY,
  name varchar(128) NOT NULL,
  description varchar(128),
  area varchar(65536) NOT NULL,
  calendarid integer,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE TABLE IF NOT EXISTS notifications (
  id serial PRIMARY KEY,
  type varchar(128) NOT NULL,
  description varchar(128),
  always boolean NOT NULL DEFAULT false,
  calendarid integer,
  commandid integer,
  notificators varchar(128),
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE TABLE IF NOT EXISTS drivers (
  id serial PRIMARY KEY,
  name varchar(128) NOT NULL,
  uniqueid varchar(128) NOT NULL UNIQUE,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE TABLE IF NOT EXISTS calendars (
  id serial PRIMARY KEY,
  name varchar(128) NOT NULL,
  data text NOT NULL,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE TABLE IF NOT EXISTS maintenances (
  id serial PRIMARY KEY,
  name varchar(128) NOT NULL,
  type varchar(128) NOT NULL,
  start double precision NOT NULL DEFAULT 0,
  period double precision NOT NULL DEFAULT 0,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE TABLE IF NOT EXISTS commands (
  id serial PRIMARY KEY,
  description varchar(4000),
  deviceid integer,
  type varchar(128) NOT NULL,
  textchannel boolean NOT NULL DEFAULT false,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE TABLE IF NOT EXISTS computed_attributes (
  id serial PRIMARY KEY,
  description varchar(4000),
  attribute varchar(128) NOT NULL,
  expression varchar(4000) NOT NULL,
  type varchar(128) NOT NULL,
  priority integer NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS events (
  id bigserial PRIMARY KEY,
  type varchar(128) NOT NULL,
  eventtime timestamptz NOT NULL,
  deviceid integer REFERENCES devices (id) ON DELETE CASCADE,
  positionid bigint NOT NULL DEFAULT 0,
  geofenceid integer NOT NULL DEFAULT 0,
  maintenanceid integer NOT NULL DEFAULT 0,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX IF NOT EXISTS events_deviceid_eventtime ON events (deviceid, eventtime);

CREATE TABLE IF NOT EXISTS server_settings (
  id integer PRIMARY KEY,
  settings jsonb NOT NULL
);

-- Traccar stores each position's geofences (a JSON list; null for none).
ALTER TABLE positions ADD COLUMN IF NOT EXISTS geofenceids jsonb;

-- Traccar's Network of a position: cell towers and Wi-Fi access points (null for none).
ALTER TABLE positions ADD COLUMN IF NOT EXISTS network jsonb;

-- A user created without deviceLimit holds what Traccar's User() holds: 0 (registration sets -1).
ALTER TABLE users ALTER COLUMN devicelimit SET DEFAULT 0;

-- Traccar's scheduled reports (tc_reports): a report type run over each occurrence of a calendar.
CREATE TABLE IF NOT EXISTS reports (
  id serial PRIMARY KEY,
  type varchar(32) NOT NULL,
  description varchar(128),
  calendarid integer REFERENCES calendars (id) ON DELETE SET NULL,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb
);

-- Traccar 6's audit log (tc_actions): who changed what, when and from where.
CREATE TABLE IF NOT EXISTS actions (
  id bigserial PRIMARY KEY,
  actiontime timestamptz NOT NULL,
  address varchar(512),
  userid integer NOT NULL DEFAULT 0,
  actiontype varchar(128) NOT NULL,
  objecttype varchar(128) NOT NULL,
  objectid bigint NOT NULL DEFAULT 0,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX IF NOT EXISTS actions_actiontime ON actions (actiontime);

-- Traccar's daily server statistics (tc_statistics).
CREATE TABLE IF NOT EXISTS statistics (
  id serial PRIMARY KEY,
  capturetime timestamptz NOT NULL,
  activeusers integer NOT NULL DEFAULT 0,
  activedevices integer NOT NULL DEFAULT 0,
  requests integer NOT NULL DEFAULT 0,
  messagesreceived integer NOT NULL DEFAULT 0,
  messagesstored integer NOT NULL DEFAULT 0,
  mailsent integer NOT NULL DEFAULT 0,
  smssent integer NOT NULL DEFAULT 0,
  geocoderrequests integer NOT NULL DEFAULT 0,
  geolocationrequests integer NOT NULL DEFAULT 0,
  protocols jsonb,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX IF NOT EXISTS statistics_capturetime ON statistics (capturetime);
`;

/** The index of a device's fixes by time (reports, history, the latest fix). */
export const POSITIONS_BY_DEVICE_TIME = 'positions_deviceid_fixtime_speed';
/**
 * It carries each fix's speed: a summary's top speed over a month is then read from the index alone
 * (an index-only scan), not from every stored fix of a table larger than memory.
 */
export const POSITIONS_BY_DEVICE_TIME_DDL = `CREATE INDEX IF NOT EXISTS ${POSITIONS_BY_DEVICE_TIME} ON positions (deviceid, fixtime) INCLUDE (speed)`;
/** Replaces the first script's plain (deviceid, fixtime) index, built before the old one goes. */
const POSITIONS_INDEX_WITH_SPEED = `${POSITIONS_BY_DEVICE_TIME_DDL};\nDROP INDEX IF EXISTS positions_deviceid_fixtime;`;

/** The migration's scripts, in order; their text is also its key (see openDatabase's migrationKey). */
export const MIGRATION_SCRIPTS: readonly string[] = [MIGRATIONS, LINK_TABLES.map(linkTableDdl).join('\n'), CONFIG_CHANGES_DDL, POSITIONS_INDEX_WITH_SPEED];

/** Each script runs once per database (a changed script again): see applyScriptsOnce. */
export async function migrate(db: Database, scripts: readonly string[] = MIGRATION_SCRIPTS): Promise<void> {
  await applyScriptsOnce(db, scripts, { table: 'tracker_migrations' });
}

function linkTableDdl({ table, ownerColumn, ownerTable, propertyColumn, propertyTable }: LinkTable): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (
  ${ownerColumn} integer NOT NULL REFERENCES ${ownerTable} (id) ON DELETE CASCADE,
  ${propertyColumn} integer NOT NULL REFERENCES ${propertyTable} (id) ON DELETE CASCADE,
  PRIMARY KEY (${ownerColumn}, ${propertyColumn})
);`;
}
