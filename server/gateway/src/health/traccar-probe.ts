/**
 * Is the tracking server answering? `GET /api/server` needs no session on Traccar, so it is the
 * cheapest call that proves the whole stack (HTTP, database) is up.
 */
export async function probeTraccar(traccarUrl: string, timeoutMs = 2000): Promise<'up' | 'down'> {
  try {
    const response = await fetch(new URL('/api/server', traccarUrl), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Drain the body so the connection is released rather than left waiting for a reader.
    await response.body?.cancel();
    return response.ok ? 'up' : 'down';
  } catch {
    return 'down';
  }
}
