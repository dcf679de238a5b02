import type { HitQuery, IndexHit, IndexResult, ViewQuery } from './indexProtocol';
import type { FromIndex, IndexPort, ToIndex } from './markerIndexService';

/**
 * Fixes travel to the index in batches: one message every this many ms at most, however many
 * store flushes (one per frame) land in between. Hit-tests send what is waiting first.
 */
export const BATCH_MS = 100;

interface Channel {
  post(message: ToIndex, transfer?: Transferable[]): void;
  close(): void;
}

const startWorker = () =>
  new Worker(new URL('./markerIndex.worker.ts', import.meta.url), { type: 'module' });

/** A worker started before the map asked for one, and whether it already failed to start. */
let spare: { worker: Worker; failed: boolean } | null = null;

/**
 * Starts the index worker ahead of the map (its code loads with the sign-in): its script is then
 * fetched and compiled while the fleet is on its way. Asked for when the map mounts, with tens of
 * thousands of devices, it waited seconds behind the fleet's download from a busy server.
 */
export const prestartMarkerWorker = (): void => {
  if (spare || typeof Worker !== 'function') return;
  try {
    const entry = { worker: startWorker(), failed: false };
    entry.worker.onerror = () => {
      entry.failed = true;
    };
    spare = entry;
  } catch {
    // The map's own start tries again and falls back to the page.
  }
};

/** The index in a module worker of the app's own origin (the page's policy allows it). */
const workerChannel = (onMessage: (message: FromIndex) => void, onError: () => void): Channel => {
  const taken = spare;
  spare = null;
  const worker = taken?.worker ?? startWorker();
  worker.onmessage = (event: MessageEvent<FromIndex>) => onMessage(event.data);
  worker.onerror = onError;
  // It failed before anyone listened: the index restarts on the page, as for a later failure.
  if (taken?.failed) queueMicrotask(onError);
  return {
    post: (message, transfer = []) => worker.postMessage(message, transfer),
    close: () => worker.terminate(),
  };
};

/**
 * The same index on this thread, behind a MessageChannel: where workers are missing (tests) or
 * the worker could not start (a policy refusing it). Slower for big fleets, never broken. Its
 * code (supercluster) is fetched then: the worker has its own copy, which the page does not need
 * otherwise. Messages posted meanwhile wait in the channel.
 */
export const inThreadChannel = (onMessage: (message: FromIndex) => void): Channel => {
  const channel = new MessageChannel();
  let stop: (() => void) | null = null;
  let closed = false;
  void import('./markerIndexService').then(({ serveMarkerIndex }) => {
    if (!closed) stop = serveMarkerIndex(channel.port2 as unknown as IndexPort);
  });
  channel.port1.onmessage = (event: MessageEvent<FromIndex>) => onMessage(event.data);
  return {
    post: (message, transfer = []) => channel.port1.postMessage(message, transfer),
    close: () => {
      closed = true;
      stop?.();
      channel.port1.close();
      channel.port2.close();
    },
  };
};

interface ClientOptions {
  onResult: (result: IndexResult) => void;
  /**
   * The worker failed and the index restarted on this thread, empty: send the members, the
   * view and every position again.
   */
  onRestart: () => void;
  /** Where the index runs; a worker by default when the browser has them. */
  channel?: (onMessage: (message: FromIndex) => void, onError: () => void) => Channel;
}

/**
 * The map's side of the marker index: queues fixes into typed-array batches (transferred, not
 * copied), sends the shown devices and the view, and asks what is under the pointer. Hover
 * asks at most one question at a time, the latest pointer position next; clicks are always
 * answered.
 */
export class MarkerIndexClient {
  private channel: Channel;
  private ids: number[] = [];
  private coords: number[] = [];
  private batchTimer: ReturnType<typeof setTimeout> | undefined;
  private hitSeq = 0;
  private readonly answers = new Map<number, (hit: IndexHit | null) => void>();
  private hoverInFlight = false;
  private nextHover: { query: HitQuery; answer: (hit: IndexHit | null) => void } | null = null;
  private restarted = false;
  private answered = false;

  constructor(private readonly options: ClientOptions) {
    // Marks for performance traces (and the map bench): when the index started and first answered.
    performance.mark('frota:marker-index-start');
    const onMessage = (message: FromIndex) => this.receive(message);
    const open =
      options.channel ?? (typeof Worker === 'function' ? workerChannel : inThreadChannel);
    try {
      this.channel = open(onMessage, () => this.restart());
    } catch (error) {
      // Some browsers refuse a worker their policy blocks at once rather than by an event.
      console.info('map: no marker worker, indexing markers on the page instead', error);
      this.restarted = true;
      this.channel = inThreadChannel(onMessage);
    }
  }

  /** Queues one fix; `glideStart` is the glide's start time, or `JUMP`. */
  position(id: number, latitude: number, longitude: number, glideStart: number): void {
    this.ids.push(id);
    this.coords.push(latitude, longitude, glideStart);
    this.batchTimer ??= setTimeout(() => this.flush(), BATCH_MS);
  }

  /** Sends the queued fixes now. */
  flush(): void {
    clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    if (!this.ids.length) return;
    const ids = Int32Array.from(this.ids);
    const coords = Float64Array.from(this.coords);
    this.ids = [];
    this.coords = [];
    this.channel.post({ type: 'positions', ids, coords }, [ids.buffer, coords.buffer]);
  }

  /** The devices shown; positions queued before are sent first. */
  members(ids: readonly number[]): void {
    this.flush();
    const list = Int32Array.from(ids);
    this.channel.post({ type: 'members', ids: list }, [list.buffer]);
  }

  view(view: ViewQuery): void {
    this.channel.post({ type: 'view', view });
  }

  /** The latest pointer position wins: questions asked while one is out replace each other. */
  hover(query: HitQuery, answer: (hit: IndexHit | null) => void): void {
    if (this.hoverInFlight) {
      this.nextHover = { query, answer };
      return;
    }
    this.hoverInFlight = true;
    this.ask(query, (hit) => {
      this.hoverInFlight = false;
      const next = this.nextHover;
      this.nextHover = null;
      if (next) this.hover(next.query, next.answer);
      else answer(hit);
    });
  }

  click(query: HitQuery, answer: (hit: IndexHit | null) => void): void {
    this.ask(query, answer);
  }

  close(): void {
    clearTimeout(this.batchTimer);
    this.channel.close();
    this.answers.clear();
  }

  private ask(query: HitQuery, answer: (hit: IndexHit | null) => void): void {
    this.flush();
    const seq = ++this.hitSeq;
    this.answers.set(seq, answer);
    this.channel.post({ type: 'hit', seq, query });
  }

  private receive(message: FromIndex): void {
    if (message.type === 'result') {
      if (!this.answered) performance.mark('frota:marker-index-first-answer');
      this.answered = true;
      this.options.onResult(message.result);
      return;
    }
    const answer = this.answers.get(message.seq);
    this.answers.delete(message.seq);
    answer?.(message.hit);
  }

  private restart(): void {
    if (this.restarted) return;
    this.restarted = true;
    console.info('map: the marker worker did not start; indexing markers on the page instead');
    this.channel.close();
    this.channel = inThreadChannel((message) => this.receive(message));
    this.ids = [];
    this.coords = [];
    // Hits asked of the dead worker will never be answered.
    const waiting = [...this.answers.values()];
    this.answers.clear();
    this.hoverInFlight = false;
    this.nextHover = null;
    waiting.forEach((answer) => answer(null));
    this.options.onRestart();
  }
}
