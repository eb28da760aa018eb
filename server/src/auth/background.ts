import type { FastifyBaseLogger } from 'fastify';

/**
 * Work finished after the answer was sent (the reset mail, so known and unknown addresses
 * answer equally fast). Closing the app waits for it, so nothing is cut off mid-way.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const running: Promise<void> = task()
      .catch((error: unknown) => this.log.error({ err: error, task: name }, `${name} failed`))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
