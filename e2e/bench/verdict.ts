/** The targets at 10,000 devices (issue 6, item 9). */
export const TARGETS = {
  allMarkersWithinMs: 3_000,
  mainThreadBusyBelow: 0.3,
  longestSteadyTaskBelowMs: 100,
  /** Heap after a forced collection may grow this much over the run and still count as stable. */
  heapGrowthAllowed: 0.1,
} as const;

export interface ScenarioNumbers {
  devices: number;
  markersDrawn: number;
  loginToAllMarkersMs: number | null;
  firstSocketMessageToAllMarkersMs: number | null;
  steadySeconds: number;
  positionsPerSecond: number;
  mainThreadBusy: number;
  scriptBusy: number;
  layoutAndStyleBusy: number;
  longTasksSteady: number;
  longestSteadyTaskMs: number;
  longTasksDuringLoad: number;
  longestLoadTaskMs: number;
  heapAfterGcStartMB: number;
  heapAfterGcEndMB: number;
  heapSamplesMB: number[];
  framesPerSecond: number;
}

export interface Verdict {
  allMarkersInTime: boolean;
  mainThreadBusyOk: boolean;
  noLongSteadyTask: boolean;
  heapStable: boolean;
}

export function verdictOf(numbers: ScenarioNumbers): Verdict {
  return {
    allMarkersInTime: numbers.firstSocketMessageToAllMarkersMs !== null && numbers.firstSocketMessageToAllMarkersMs <= TARGETS.allMarkersWithinMs,
    mainThreadBusyOk: numbers.mainThreadBusy < TARGETS.mainThreadBusyBelow,
    noLongSteadyTask: numbers.longestSteadyTaskMs <= TARGETS.longestSteadyTaskBelowMs,
    heapStable: numbers.heapAfterGcEndMB <= numbers.heapAfterGcStartMB * (1 + TARGETS.heapGrowthAllowed),
  };
}

/** Long tasks in [from, to): how many, and the longest (0 when none). */
export function longTasksBetween(tasks: ReadonlyArray<{ startedAt: number; duration: number }>, from: number, to: number): { count: number; longestMs: number } {
  const inWindow = tasks.filter((task) => task.startedAt >= from && task.startedAt < to);
  return { count: inWindow.length, longestMs: Math.round(Math.max(0, ...inWindow.map((task) => task.duration))) };
}

/**
 * The tracker's simulator moves about 80 % of its vehicles per step (the others are parked), so
 * for `perSecond` fixes a second the step interval scales with the fleet.
 */
export function simIntervalFor(devices: number, perSecond: number): number {
  return Math.max(100, Math.round((devices * 0.8 * 1000) / perSecond));
}
