/**
 * What the page records about itself, installed before any of its scripts run. Kept cheap: a
 * counter per frame, a listener per socket message, the browser's own long-task entries, and a
 * 50 ms look at the map's marker count. Times are epoch milliseconds, comparable across the page's
 * lifetime and with the runner's clock.
 */
export interface PageProbes {
  frames: number;
  socketMessages: number;
  firstSocketMessageAt: number | null;
  longTasks: Array<{ startedAt: number; duration: number }>;
  markersTarget: number;
  markers: number;
  allMarkersAt: number | null;
}

declare global {
  interface Window {
    rastroBench: PageProbes;
  }
}

/** Runs inside the page (serialised by Playwright): no closures over the runner's scope. */
export function installPageProbes(): void {
  const epoch = (time: number) => performance.timeOrigin + time;
  const probes: PageProbes = { frames: 0, socketMessages: 0, firstSocketMessageAt: null, longTasks: [], markersTarget: Infinity, markers: 0, allMarkersAt: null };
  window.rastroBench = probes;

  const countFrame = () => {
    probes.frames++;
    requestAnimationFrame(countFrame);
  };
  requestAnimationFrame(countFrame);

  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', () => {
        probes.socketMessages++;
        probes.firstSocketMessageAt ??= epoch(performance.now());
      });
    }
  };

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probes.longTasks.push({ startedAt: epoch(entry.startTime), duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });

  setInterval(() => {
    const map = document.querySelector<HTMLElement>('[data-testid="live-map"]');
    probes.markers = Number(map?.dataset.markers ?? 0);
    if (probes.allMarkersAt === null && probes.markers >= probes.markersTarget) probes.allMarkersAt = epoch(performance.now());
  }, 50);
}
