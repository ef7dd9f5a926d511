import type { Database } from './database';

/**
 * The schema, as idempotent statements run at every start. Column names follow Traccar's
 * entities (lower-cased, as PostgreSQL folds them). Device status and last update are not stored:
 * they live in memory (see ../live/live-fleet.ts) and are rebuilt from the latest positions.
 * Append new statements at the end; never edit one that has shipped.
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
`;

export async function migrate(db: Database): Promise<void> {
  await db.exec(MIGRATIONS);
}
