/**
 * Runs a task every `intervalMs`, never two runs at once (a slow run makes the next tick skip),
 * reporting failures to `onError`. The timer does not keep the process alive; `stop` waits for a
 * run in progress.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.task()
        .catch(this.onError)
        .finally(() => (this.running = null));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
