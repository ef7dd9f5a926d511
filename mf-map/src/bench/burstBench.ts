// `pnpm --filter @rastro/mf-map bench` (first part): the live map's own JavaScript for a fleet of
// BENCH_DEVICES (default 10000), in Node, with the engine replaced by a recorder — what the map
// costs the main thread before the engine draws. Prints one JSON document:
//   - loadFrameMs: the first frame, every marker built and handed to the engine at once (cold)
//   - burst: a burst of one fix per device applied to the positions store, then the one frame that
//     turns it into one engine update (store apply, change detection, feature building, glide start)
//   - glideFrameMs: the frames of the 500 ms glide that follows (all markers on screen, the worst case)
// The browser's side (drawing, the engine's worker, frames, heap) is measured by the e2e map bench.
import { performance } from 'node:perf_hooks';

/** Frames run when the bench says, not on a timer: each is timed alone. */
const pendingFrames: Array<(now: number) => void> = [];
Object.assign(globalThis, {
  requestAnimationFrame: (callback: (now: number) => void) => pendingFrames.push(callback),
  cancelAnimationFrame: () => undefined,
});

const devices = Number(process.env.BENCH_DEVICES ?? 10_000);
const bursts = Math.max(2, Number(process.env.BENCH_BURSTS ?? 30));

interface Stats {
  median: number;
  p95: number;
  max: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!.toFixed(2));
  return { median: at(0.5), p95: at(0.95), max: at(1) };
}

async function main(): Promise<void> {
  const { useDevicesStore, usePositionsStore } = await import('@rastro/shared');
  const { startLiveFleet } = await import('../map/live/liveFleet');
  const { MARKER_ANIMATION_MS } = await import('../map/live/markerMotion');
  const { defaultMapLayers } = await import('../map/layers/mapLayers');
  const { zoomedInFakeMap } = await import('../map/live/zoomedInFakeMap');
  type Position = Parameters<ReturnType<typeof usePositionsStore.getState>['apply']>[0][number];

  const engineUpdates: Array<{ kind: 'setData' | 'updateData'; features: number }> = [];
  const source = {
    setData: (data: { features: unknown[] }) => engineUpdates.push({ kind: 'setData', features: data.features.length }),
    updateData: (diff: { add?: unknown[] }) => engineUpdates.push({ kind: 'updateData', features: diff.add?.length ?? 0 }),
    getClusterLeaves: () => undefined,
    getClusterExpansionZoom: () => undefined,
  };
  // Zoomed in with every marker in view: each fix starts a glide, the most work a frame can get.
  const map = zoomedInFakeMap(source);

  const kinds = ['car', 'truck', 'van', 'motorcycle', 'bus', 'person'];
  const statuses = ['online', 'offline', 'unknown'] as const;
  useDevicesStore.getState().replaceAll(
    Array.from({ length: devices }, (_, index) => ({
      id: index + 1,
      name: `Veículo ${index + 1}`,
      uniqueId: `bench-${index + 1}`,
      status: statuses[index % 3]!,
      category: kinds[index % kinds.length]!,
      attributes: { plate: `BEN${String(index).padStart(4, '0')}` },
    })),
  );
  let fixId = 0;
  const fixes = (step: number): Position[] =>
    Array.from({ length: devices }, (_, index) => {
      const time = new Date(Date.UTC(2026, 0, 1, 12, 0, step)).toISOString();
      const angle = (index * 137.5 + step * 3) * (Math.PI / 180);
      return {
        id: ++fixId,
        deviceId: index + 1,
        serverTime: time,
        deviceTime: time,
        fixTime: time,
        latitude: -23.55 + Math.sin(index) * 0.3 + Math.sin(angle) * 0.001 * step,
        longitude: -46.63 + Math.cos(index) * 0.3 + Math.cos(angle) * 0.001 * step,
        speed: 20 + (index % 40),
        course: (index * 37 + step * 11) % 360,
        accuracy: 5,
        attributes: { motion: true, ignition: index % 5 !== 0 },
      };
    });

  let clock = 0;
  const runFrame = (): number => {
    clock += 16;
    const callbacks = pendingFrames.splice(0);
    const started = performance.now();
    for (const callback of callbacks) callback(clock);
    return performance.now() - started;
  };

  usePositionsStore.getState().apply(fixes(0));
  const fleet = startLiveFleet(map, { engine: 'maplibre', layers: { ...defaultMapLayers, groups: false, plates: true, status: true }, statusLabel: (_device, position) => `${Math.round(position.speed * 1.852)} km/h` });
  const loadFrameMs = runFrame();
  if (fleet.markerCount !== devices) throw new Error(`expected ${devices} markers, the map has ${fleet.markerCount}`);

  const applyMs: number[] = [];
  const burstFrameMs: number[] = [];
  const glideFrameMs: number[] = [];
  const updatesPerBurst: number[] = [];
  for (let burst = 1; burst <= bursts; burst += 1) {
    const batch = fixes(burst);
    const updatesBefore = engineUpdates.length;
    const applyStarted = performance.now();
    usePositionsStore.getState().apply(batch);
    applyMs.push(performance.now() - applyStarted);
    // Past the large-fleet source interval, so this frame is the one that hands the burst over.
    clock += 200;
    burstFrameMs.push(runFrame());
    for (let elapsed = 0; elapsed <= MARKER_ANIMATION_MS + 200 && pendingFrames.length > 0; elapsed += 16) glideFrameMs.push(runFrame());
    updatesPerBurst.push(engineUpdates.length - updatesBefore);
  }
  fleet.stop();

  const round = (value: number) => Number(value.toFixed(2));
  console.log(
    JSON.stringify(
      {
        benchmark: 'mf-map live fleet (Node, engine recorded)',
        devices,
        bursts,
        loadFrameMs: round(loadFrameMs),
        // The first burst also pays for the JIT warming up; the others are the steady cost.
        firstBurst: { storeApplyMs: round(applyMs[0]!), frameMs: round(burstFrameMs[0]!) },
        burst: { storeApplyMs: stats(applyMs.slice(1)), frameMs: stats(burstFrameMs.slice(1)), applyPlusFrameMs: stats(applyMs.slice(1).map((value, index) => value + burstFrameMs[index + 1]!)) },
        glideFrameMs: stats(glideFrameMs),
        // Coalescing: a burst of `devices` fixes reaches the engine as this many source updates (first one plus the glide's).
        engineUpdatesPerBurst: stats(updatesPerBurst),
        engineFeaturesFirstUpdateAfterBurst: engineUpdates.find((update, index) => index > 0 && update.kind === 'updateData')?.features ?? null,
      },
      null,
      2,
    ),
  );
}

main().catch((error: unknown) => {
  console.error('[burst-bench] failed:', error);
  process.exit(1);
});
