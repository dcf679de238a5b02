import {
  type HitQuery,
  type IndexHit,
  type IndexResult,
  MarkerIndex,
  type ViewQuery,
} from './markerIndex';

/** What the map sends the marker index. */
export type ToIndex =
  | { type: 'positions'; ids: Int32Array; coords: Float64Array }
  | { type: 'members'; ids: Int32Array }
  | { type: 'view'; view: ViewQuery }
  | { type: 'hit'; seq: number; query: HitQuery };

/** What the marker index answers: a result whenever the view's answer changes, and hits. */
export type FromIndex =
  { type: 'result'; result: IndexResult } | { type: 'hit'; seq: number; hit: IndexHit | null };

/** The worker's global scope or one end of a MessageChannel. */
export interface IndexPort {
  onmessage: ((event: MessageEvent<ToIndex>) => void) | null;
  postMessage(message: FromIndex): void;
}

/**
 * Serves a `MarkerIndex` on a port. Messages that arrive together (a positions batch and a
 * view change, a burst of search keystrokes) are applied first and answered by one update, so
 * the index re-clusters once for all of them; hits are answered at once from the last answer.
 */
export const serveMarkerIndex = (port: IndexPort, index = new MarkerIndex()): (() => void) => {
  let pending: ReturnType<typeof setTimeout> | undefined;
  let drift: ReturnType<typeof setTimeout> | undefined;

  const update = () => {
    pending = undefined;
    clearTimeout(drift);
    const result = index.update();
    // Copies, not transfers: the index keeps its last answer for hit-testing.
    if (result) port.postMessage({ type: 'result', result });
    const next = index.nextUpdateAt();
    if (next !== null) drift = setTimeout(update, Math.max(0, next - performance.now()));
  };
  const schedule = () => {
    pending ??= setTimeout(update, 0);
  };

  port.onmessage = ({ data }) => {
    switch (data.type) {
      case 'positions':
        index.applyPositions(data.ids, data.coords);
        return schedule();
      case 'members':
        index.setMembers(data.ids);
        return schedule();
      case 'view':
        index.setView(data.view);
        return schedule();
      case 'hit':
        return port.postMessage({ type: 'hit', seq: data.seq, hit: index.hit(data.query) });
    }
  };
  return () => {
    port.onmessage = null;
    clearTimeout(pending);
    clearTimeout(drift);
  };
};
