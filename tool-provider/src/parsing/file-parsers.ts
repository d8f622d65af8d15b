import pLimit from 'p-limit';
import { Piscina } from 'piscina';

/** The longest one file is parsed: a worker past it is stopped, and the file refused. */
export const PARSE_TIME_LIMIT_MS = 10_000;

/**
 * The most memory one parse may take (its thread's heap): a file that needs more stops its thread,
 * not the server, and is refused.
 */
export const PARSE_MEMORY_LIMIT_MB = 64;

/** Files parsed at once in one process: one thread, so the other core keeps answering requests. */
export const PARSE_THREADS = 1;

/** Files that may wait for a thread; one more is answered 503 (try again) without being read. */
export const PARSE_QUEUE = 8;

/** A parse stopped by its time or memory limit. */
export class ParseLimitError extends Error {
  constructor(
    readonly limit: 'time' | 'memory',
    /** The limit passed, in milliseconds or megabytes. */
    readonly value: number,
    options?: { cause?: unknown },
  ) {
    super(`the parse passed its ${limit} limit (${value})`, options);
    this.name = 'ParseLimitError';
  }
}

/** Every thread is busy and the queue full: the file was not read. */
export class ParsersBusyError extends Error {
  constructor() {
    super('every file parser is busy');
    this.name = 'ParsersBusyError';
  }
}

/** How a pool is sized and bounded (tests shrink the limits). */
export interface FileParsersOptions {
  threads?: number;
  queue?: number;
  timeLimitMs?: number;
  memoryLimitMb?: number;
}

/**
 * The worker threads that parse what users upload (spreadsheets today), off the event loop that
 * answers requests. Each parse runs in a thread with a bounded heap, for a bounded time (a thread
 * past either is stopped and replaced); parses wait their turn in order, a bounded number of them.
 * The time limit counts from when a parse starts, not while it waits. Threads start when a file
 * comes and end after a minute without one.
 *
 * A worker is a plain `.mjs` module whose default export takes the task and answers the result:
 * worker threads run without the TypeScript loader of their parent.
 */
export class FileParsers {
  private readonly pool: Piscina;
  private readonly turns: ReturnType<typeof pLimit>;
  private readonly queue: number;
  private readonly timeLimitMs: number;
  private readonly memoryLimitMb: number;

  constructor(options: FileParsersOptions = {}) {
    const threads = options.threads ?? PARSE_THREADS;
    this.queue = options.queue ?? PARSE_QUEUE;
    this.timeLimitMs = options.timeLimitMs ?? PARSE_TIME_LIMIT_MS;
    this.memoryLimitMb = options.memoryLimitMb ?? PARSE_MEMORY_LIMIT_MB;
    this.turns = pLimit(threads);
    this.pool = new Piscina({
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      // No loader or flags of the parent (tsx, vitest): the workers are plain JavaScript.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: this.memoryLimitMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.round(this.memoryLimitMb / 8)),
      },
    });
  }

  /**
   * Runs `worker`'s default export on `task` in a thread, after the parses before it. Rejects with
   * {@link ParsersBusyError} at once when the queue is full, {@link ParseLimitError} when the parse
   * passes its time or memory, or the worker's own error.
   */
  run<T>(worker: URL, task: unknown): Promise<T> {
    if (this.turns.activeCount + this.turns.pendingCount >= this.turns.concurrency + this.queue)
      return Promise.reject(new ParsersBusyError());
    return this.turns(async () => {
      const signal = AbortSignal.timeout(this.timeLimitMs);
      try {
        return (await this.pool.run(task, { filename: worker.href, signal })) as T;
      } catch (err) {
        if (signal.aborted) throw new ParseLimitError('time', this.timeLimitMs, { cause: err });
        if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
          throw new ParseLimitError('memory', this.memoryLimitMb, { cause: err });
        throw err;
      }
    });
  }

  /** Stops the threads (a parse under way is abandoned). */
  async close(): Promise<void> {
    this.turns.clearQueue();
    await this.pool.destroy();
  }
}
