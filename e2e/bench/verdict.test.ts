import { longTasksBetween, simIntervalFor, verdictOf } from './verdict';
import type { ScenarioNumbers } from './verdict';

const numbers: ScenarioNumbers = {
  devices: 10_000,
  markersDrawn: 10_000,
  loginToAllMarkersMs: 2_500,
  firstSocketMessageToAllMarkersMs: 1_200,
  steadySeconds: 60,
  positionsPerSecond: 1_000,
  mainThreadBusy: 0.2,
  scriptBusy: 0.1,
  layoutAndStyleBusy: 0.01,
  longTasksSteady: 0,
  longestSteadyTaskMs: 0,
  longTasksDuringLoad: 2,
  longestLoadTaskMs: 300,
  heapAfterGcStartMB: 100,
  heapAfterGcEndMB: 105,
  heapSamplesMB: [100, 110, 105],
  framesPerSecond: 60,
};

describe('benchmark verdict', () => {
  it('passes a run inside every target and fails each one on its own', () => {
    expect(Object.values(verdictOf(numbers))).toEqual([true, true, true, true]);
    expect(verdictOf({ ...numbers, firstSocketMessageToAllMarkersMs: null }).allMarkersInTime).toBe(false);
    expect(verdictOf({ ...numbers, mainThreadBusy: 0.3 }).mainThreadBusyOk).toBe(false);
    expect(verdictOf({ ...numbers, longestSteadyTaskMs: 101 }).noLongSteadyTask).toBe(false);
    expect(verdictOf({ ...numbers, heapAfterGcEndMB: 111 }).heapStable).toBe(false);
  });

  it('counts long tasks inside a window only', () => {
    const tasks = [{ startedAt: 10, duration: 300 }, { startedAt: 20, duration: 60 }, { startedAt: 30, duration: 120 }];
    expect(longTasksBetween(tasks, 15, 40)).toEqual({ count: 2, longestMs: 120 });
    expect(longTasksBetween(tasks, 40, 50)).toEqual({ count: 0, longestMs: 0 });
  });

  it('spaces simulator steps so the fleet sends the asked rate', () => {
    expect(simIntervalFor(1_000, 1_000)).toBe(800);
    expect(simIntervalFor(10_000, 1_000)).toBe(8_000);
  });
});
