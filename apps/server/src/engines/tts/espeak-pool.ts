import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EspeakVoiceSettings, EspeakWorkerData, FromWorker, ToWorker } from './espeak-messages.ts';

/** One text being spoken: its clauses go to whichever worker is free, one at a time, in order. */
interface Job {
  clauses: string[];
  next: number;
  voice: EspeakVoiceSettings;
  running: boolean;
  cancelled: boolean;
  onChunk(bytes: Uint8Array): void;
  onEnd(error?: Error): void;
}

interface Slot {
  worker: Worker;
  cancel: Int32Array;
  ready: Promise<void>;
  isReady: boolean;
  task: { seq: number; job: Job; timer: NodeJS.Timeout } | undefined;
}

export interface EspeakPoolOptions {
  size: number;
  /** A clause that takes longer than this means a stuck worker: it is killed and replaced. */
  clauseTimeoutMs?: number;
  onWorkerError?: (err: Error) => void;
}

/**
 * The worker file is TypeScript, and a worker does not inherit the loader the main thread got from
 * `--import tsx` or vitest; so a tiny bootstrap registers tsx in the worker, then imports the file.
 * This works under `node --import tsx`, under vitest and from any working directory.
 */
function workerBootstrap(): string {
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const file = new URL('./espeak-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); });`;
}

/**
 * A small pool of espeak workers with clause-level scheduling: the job that has spoken the fewest
 * clauses goes next, so a new text gets its first audio out while a long one is still being read,
 * and no text waits behind another one whole.
 */
export class EspeakPool {
  private readonly slots: Slot[] = [];
  private readonly jobs: Job[] = [];
  private seq = 0;
  /** Workers that died before becoming ready in a row: a broken install must not respawn forever. */
  private startFailures = 0;
  private closed = false;
  private started = false;

  constructor(private readonly options: EspeakPoolOptions) {}

  /** Starts the workers (on first use if not before) and waits until each has loaded espeak. */
  async start(): Promise<void> {
    if (!this.started) {
      this.started = true;
      for (let i = 0; i < this.options.size; i++) this.slots.push(this.spawn());
    }
    await Promise.all(this.slots.map((s) => s.ready));
  }

  /**
   * Texts still on their first clause: a new text's first audio waits for the first clause of each
   * of them (the least-served text goes next), and for little else.
   */
  get waiting(): number {
    return this.jobs.reduce((n, job) => n + (job.next === 0 || (job.next === 1 && job.running) ? 1 : 0), 0);
  }

  get size(): number {
    return this.options.size;
  }

  /** Speaks clauses in order; returns a function that cancels at once (no more chunks). */
  run(
    clauses: string[],
    voice: EspeakVoiceSettings,
    onChunk: (bytes: Uint8Array) => void,
    onEnd: (error?: Error) => void,
  ): () => void {
    if (this.closed) {
      onEnd(new Error('speech synthesis is shutting down'));
      return () => {};
    }
    if (clauses.length === 0) {
      onEnd();
      return () => {};
    }
    if (!this.started) void this.start().catch(() => {});
    const job: Job = { clauses, next: 0, voice, running: false, cancelled: false, onChunk, onEnd };
    this.jobs.push(job);
    this.pump();
    return () => this.cancel(job);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.jobs.splice(0)) {
      job.cancelled = true;
      job.onEnd(new Error('speech synthesis is shutting down'));
    }
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private cancel(job: Job): void {
    if (job.cancelled) return;
    job.cancelled = true;
    const index = this.jobs.indexOf(job);
    if (index >= 0) this.jobs.splice(index, 1);
    for (const slot of this.slots) {
      if (slot.task?.job === job) Atomics.store(slot.cancel, 0, slot.task.seq);
    }
  }

  private spawn(): Slot {
    const cancel = new SharedArrayBuffer(4);
    const data: EspeakWorkerData = { cancel };
    const worker = new Worker(workerBootstrap(), { eval: true, workerData: data });
    let markReady!: () => void;
    let failStart!: (err: Error) => void;
    const slot: Slot = {
      worker,
      cancel: new Int32Array(cancel),
      ready: new Promise<void>((resolve, reject) => {
        markReady = resolve;
        failStart = reject;
      }),
      isReady: false,
      task: undefined,
    };
    slot.ready.catch(() => {}); // a start failure is reported through onWorkerError
    worker.on('message', (message: FromWorker) => this.onMessage(slot, message, markReady));
    worker.on('error', (err) => {
      this.options.onWorkerError?.(err);
      failStart(err);
    });
    worker.on('exit', () => this.onExit(slot));
    return slot;
  }

  private onMessage(slot: Slot, message: FromWorker, markReady: () => void): void {
    switch (message.type) {
      case 'ready':
        slot.isReady = true;
        this.startFailures = 0;
        markReady();
        this.pump();
        return;
      case 'chunk': {
        const task = slot.task;
        if (task?.seq === message.seq && !task.job.cancelled) task.job.onChunk(message.bytes);
        return;
      }
      case 'done':
      case 'error': {
        const task = slot.task;
        if (task?.seq !== message.seq) return;
        clearTimeout(task.timer);
        slot.task = undefined;
        const job = task.job;
        job.running = false;
        if (message.type === 'error') this.finish(job, new Error(message.message));
        else if (job.next >= job.clauses.length) this.finish(job);
        this.pump();
        return;
      }
    }
  }

  private finish(job: Job, error?: Error): void {
    const index = this.jobs.indexOf(job);
    if (index >= 0) this.jobs.splice(index, 1);
    if (!job.cancelled) {
      job.cancelled = true;
      job.onEnd(error);
    }
  }

  private onExit(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return; // terminated by close()
    this.slots.splice(index, 1);
    if (slot.task) {
      clearTimeout(slot.task.timer);
      this.finish(slot.task.job, new Error('speech synthesis worker stopped'));
    }
    if (!slot.isReady) this.startFailures++;
    if (this.closed) return;
    if (this.startFailures < 3) {
      this.slots.push(this.spawn());
      this.pump();
    } else if (this.slots.length === 0) {
      for (const job of [...this.jobs]) this.finish(job, new Error('speech synthesis workers cannot start'));
    }
  }

  /** Hands the next clause of the least-served job to each idle worker. */
  private pump(): void {
    for (const slot of this.slots) {
      if (!slot.isReady || slot.task) continue;
      let best: Job | undefined;
      for (const job of this.jobs) {
        if (job.running || job.next >= job.clauses.length) continue;
        if (!best || job.next < best.next) best = job;
      }
      if (!best) return;
      const text = best.clauses[best.next++] ?? '';
      best.running = true;
      const seq = ++this.seq;
      const timer = setTimeout(() => void slot.worker.terminate(), this.options.clauseTimeoutMs ?? 15_000);
      timer.unref();
      slot.task = { seq, job: best, timer };
      const message: ToWorker = { type: 'synth', seq, text, voice: best.voice };
      slot.worker.postMessage(message);
    }
  }
}
