import { availableParallelism } from 'node:os';
import { test } from '@playwright/test';

/**
 * The suite runs on several Playwright workers at once, each against a stack of its own (tracker and
 * gateway), because tests change server settings that the others must not see. A worker's slot is
 * its `parallelIndex` (0 … workers − 1, kept when a worker is replaced), and every port a test uses
 * is derived from it, so slots never collide.
 */
/**
 * One worker per core, up to four. On CI's two cores two workers ran the suite in 14.8 min against
 * 22.4 min for one: while one test waits (a countdown, a pop-up's 7 s, a server restart) the other
 * runs. That held once Playwright's traces were off (playwright.config.ts): with them, every test
 * ran two to four times slower on two workers and the run was no shorter. E2E_WORKERS overrides it.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? Math.min(4, Math.max(1, availableParallelism())));

/** Room between two slots' ports; the offsets below stay under it. */
const SLOT_SPACING = 20;
const BASE = {
  gateway: Number(process.env.E2E_GATEWAY_PORT ?? 18080),
  tracker: Number(process.env.E2E_TRACKER_PORT ?? 18082),
  osmand: Number(process.env.E2E_OSMAND_PORT ?? 15055),
  devServer: Number(process.env.E2E_DEV_SERVER_PORT ?? 13001),
};

export interface SlotPorts {
  /** The slot's stack, started by playwright.config.ts. */
  gateway: number;
  tracker: number;
  osmand: number;
  /** A stack a test starts for itself (shell-reconnect restarts its tracker). */
  ownGateway: number;
  ownTracker: number;
  ownOsmand: number;
  /** A second gateway in front of the slot's tracker (a licence limit comes from the environment). */
  secondGateway: number;
  /** The slot's Asaas-compatible payment server (started with its stack; billing's calendar). */
  asaas: number;
  /** Standalone remote dev servers. */
  mapDevServer: number;
  fleetDevServer: number;
}

export function slotPorts(slot: number): SlotPorts {
  const offset = slot * SLOT_SPACING;
  return {
    gateway: BASE.gateway + offset,
    tracker: BASE.tracker + offset,
    osmand: BASE.osmand + offset,
    ownGateway: BASE.gateway + offset + 3,
    ownTracker: BASE.tracker + offset + 3,
    ownOsmand: BASE.osmand + offset + 3,
    secondGateway: BASE.gateway + offset + 7,
    asaas: BASE.gateway + offset + 11,
    mapDevServer: BASE.devServer + offset,
    fleetDevServer: BASE.devServer + offset + 1,
  };
}

/** The ports of the worker running the current test or hook. */
export const currentPorts = (): SlotPorts => slotPorts(test.info().parallelIndex);

export const localUrl = (port: number): string => `http://127.0.0.1:${port}`;

/** The current worker's gateway, where its pages and API clients go. */
export const gatewayUrl = (): string => localUrl(currentPorts().gateway);

/** The slot stack's payment server: its API key and the token its webhooks carry (playwright.config.ts gives them to the stack). */
export const DEMO_ASAAS = { apiKey: '$aact_e2e_key', webhookToken: 'e2e-webhook-token-0123456789' };
