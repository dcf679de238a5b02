import http from 'node:http';

/**
 * Sends OsmAnd messages over HTTP, like a fleet of phones, without flooding the server:
 * keep-alive connections (one per concurrent request), at most `concurrency` requests in flight
 * and a short queue behind them, a few retries with backoff for transient failures, and a pause
 * when the server keeps failing (messages offered meanwhile are dropped and counted).
 */

interface SenderOptions {
  /** `http://host:port` of the OsmAnd listener. */
  url: string;
  concurrency?: number;
  /** Messages waiting for a free slot before new ones are dropped. Default 4 × concurrency. */
  maxQueue?: number;
  /** Extra attempts after a network error, a timeout or a 5xx. Default 2. */
  retries?: number;
  /** First retry delay; doubles each attempt. Default 250 ms. */
  backoffMs?: number;
  timeoutMs?: number;
  /** Consecutive failed messages that pause sending. Default 20. */
  breakerThreshold?: number;
}

export interface SendResult {
  ok: boolean;
  /** HTTP status, 0 without a response. */
  status: number;
  body: string;
  /** Not sent at all: queue full or sending paused. */
  dropped?: boolean;
  /** How long the device waited for this answer (ms): the last attempt, from request to reply. */
  replyMs?: number;
}

interface SenderStats {
  /** Messages handed to the network (first attempts). */
  sent: number;
  /** Answered with 2xx. */
  acknowledged: number;
  /** Given up on: a 4xx, or retries exhausted. */
  failed: number;
  dropped: number;
  retried: number;
  inFlight: number;
  queued: number;
}

interface Job {
  query: string;
  resolve: (result: SendResult) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class OsmAndSender {
  readonly stats: SenderStats = {
    sent: 0,
    acknowledged: 0,
    failed: 0,
    dropped: 0,
    retried: 0,
    inFlight: 0,
    queued: 0,
  };
  private readonly agent: http.Agent;
  private readonly target: URL;
  private readonly concurrency: number;
  private readonly maxQueue: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly timeoutMs: number;
  private readonly breakerThreshold: number;
  private readonly queue: Job[] = [];
  private consecutiveFailures = 0;
  private pausedUntil = 0;
  private pauses = 0;
  private closed = false;

  constructor(options: SenderOptions) {
    this.target = new URL(options.url);
    if (this.target.protocol !== 'http:') throw new Error('the OsmAnd URL must be http://');
    this.concurrency = options.concurrency ?? 16;
    this.maxQueue = options.maxQueue ?? this.concurrency * 4;
    this.retries = options.retries ?? 2;
    this.backoffMs = options.backoffMs ?? 250;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.breakerThreshold = options.breakerThreshold ?? 20;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: this.concurrency });
  }

  /** True while sending is paused after repeated failures. */
  get paused(): boolean {
    return Date.now() < this.pausedUntil;
  }

  /** True while a message offered now would be dropped (queue full, paused or closed). */
  get full(): boolean {
    return this.closed || this.paused || this.queue.length >= this.maxQueue;
  }

  /** Sends one message (the URL query); never rejects. */
  send(query: string): Promise<SendResult> {
    if (this.full) {
      this.stats.dropped++;
      return Promise.resolve({ ok: false, status: 0, body: '', dropped: true });
    }
    return new Promise((resolve) => {
      this.queue.push({ query, resolve });
      this.stats.queued = this.queue.length;
      this.pump();
    });
  }

  /** Waits (bounded) until nothing is queued or in flight. */
  async idle(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((this.queue.length > 0 || this.stats.inFlight > 0) && Date.now() < deadline) {
      await sleep(10);
    }
  }

  /** Drops what is queued, waits for the messages in flight (bounded), closes the connections. */
  async close(timeoutMs = 5_000): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      this.stats.dropped++;
      job.resolve({ ok: false, status: 0, body: '', dropped: true });
    }
    this.stats.queued = 0;
    const deadline = Date.now() + timeoutMs;
    while (this.stats.inFlight > 0 && Date.now() < deadline) await sleep(20);
    this.agent.destroy();
  }

  private pump(): void {
    while (this.stats.inFlight < this.concurrency && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.stats.queued = this.queue.length;
      this.stats.inFlight++;
      this.stats.sent++;
      void this.deliver(job.query).then((result) => {
        this.stats.inFlight--;
        this.record(result);
        job.resolve(result);
        this.pump();
      });
    }
  }

  private async deliver(query: string): Promise<SendResult> {
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      const answer = await this.request(query);
      const result = { ...answer, replyMs: performance.now() - started };
      const transient = result.status === 0 || result.status >= 500 || result.status === 429;
      if (!transient || attempt >= this.retries || this.closed) return result;
      this.stats.retried++;
      // Holding the slot while waiting is the point: a struggling server gets fewer requests.
      await sleep(this.backoffMs * 2 ** attempt * (0.75 + Math.random() * 0.5));
    }
  }

  private record(result: SendResult): void {
    if (result.ok) {
      this.stats.acknowledged++;
      this.consecutiveFailures = 0;
      this.pauses = 0;
      return;
    }
    this.stats.failed++;
    // A 4xx (unknown device) is the device's problem, not the server's.
    if (result.status !== 0 && result.status < 500) return;
    if (++this.consecutiveFailures >= this.breakerThreshold) {
      this.consecutiveFailures = 0;
      this.pausedUntil = Date.now() + Math.min(30_000, 1_000 * 2 ** this.pauses++);
    }
  }

  private request(query: string): Promise<SendResult> {
    return new Promise((resolve) => {
      const request = http.request(
        {
          agent: this.agent,
          host: this.target.hostname,
          port: this.target.port || 80,
          method: 'POST',
          path: `${this.target.pathname.replace(/\/$/, '')}/?${query}`,
          headers: { 'content-length': 0 },
          timeout: this.timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            // A command reply is a line of text; never buffer an unexpected large body.
            if ((size += chunk.length) <= 64 * 1024) chunks.push(chunk);
          });
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            const body = Buffer.concat(chunks).toString('utf8');
            resolve({ ok: status >= 200 && status < 300, status, body });
          });
          response.on('error', () => resolve({ ok: false, status: 0, body: '' }));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', () => resolve({ ok: false, status: 0, body: '' }));
      request.end();
    });
  }
}
