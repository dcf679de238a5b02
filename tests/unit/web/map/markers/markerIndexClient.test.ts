import type { IndexHit, IndexResult, ViewQuery } from '../../../../../src/map/markers/markerIndex';
import {
  BATCH_MS,
  inThreadChannel,
  MarkerIndexClient,
} from '../../../../../src/map/markers/markerIndexClient';
import type { FromIndex, ToIndex } from '../../../../../src/map/markers/markerIndexService';
import {
  FOLD_MS,
  FULL_RATE_MOVING,
  frameInterval,
  MAX_STEP_PX,
  MIN_GLIDE_PX,
  MIN_SHOWN_MS,
  moveKind,
  pixelDistance,
  shouldFold,
} from '../../../../../src/map/markers/markerPacing';

const LAT = -23.55;
const LNG = -46.63;
const VIEW: ViewQuery = {
  seq: 1,
  west: LNG - 1,
  south: LAT - 1,
  east: LNG + 1,
  north: LAT + 1,
  zoom: 16,
  clusters: true,
};

/** The client over the in-thread channel, recording every message it sends. */
const connect = () => {
  const sent: ToIndex[] = [];
  /** Fixes per positions message, read before the post transfers them away. */
  const counts: number[] = [];
  let waiting: ((result: IndexResult) => void) | null = null;
  const client = new MarkerIndexClient({
    onResult: (result) => waiting?.(result),
    onRestart: () => {},
    channel: (onMessage) => {
      const channel = inThreadChannel(onMessage);
      return {
        post: (message, transfer) => {
          sent.push(message);
          if (message.type === 'positions') counts.push(message.ids.length);
          channel.post(message, transfer);
        },
        close: channel.close,
      };
    },
  });
  const nextResult = () => new Promise<IndexResult>((resolve) => (waiting = resolve));
  return { client, sent, counts, nextResult };
};

const ask = (client: MarkerIndexClient, lng: number, kind: 'hover' | 'click' = 'hover') =>
  new Promise<IndexHit | null>((resolve) =>
    client[kind](
      { latitude: LAT, longitude: lng, zoom: 16, radius: 18, now: 0, leaves: 12 },
      resolve,
    ),
  );

let close: (() => void) | null = null;
afterEach(() => {
  close?.();
  close = null;
});

describe('marker index client', () => {
  it('sends fixes in one transferred batch per interval, members after them', async () => {
    const { client, sent, counts, nextResult } = connect();
    close = () => client.close();
    for (let id = 1; id <= 300; id++) client.position(id, LAT, LNG + id * 0.0001, Number.NaN);
    expect(sent).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, BATCH_MS + 20));
    expect(sent).toHaveLength(1);
    const [batch] = sent;
    expect(counts).toEqual([300]);
    // Transferred, not copied: the client's buffer is gone.
    expect(batch.type === 'positions' && batch.ids.byteLength).toBe(0);

    client.position(301, LAT, LNG, Number.NaN);
    client.members([1, 2, 301]);
    expect(sent.map((message) => message.type)).toEqual(['positions', 'positions', 'members']);
    const answered = nextResult();
    client.view(VIEW);
    expect([...(await answered).singles].sort((a, b) => a - b)).toEqual([1, 2, 301]);
  });

  it('answers the latest pointer position, skipping those asked meanwhile; clicks always', async () => {
    const { client, nextResult } = connect();
    close = () => client.close();
    client.position(7, LAT, LNG, Number.NaN);
    client.position(8, LAT, LNG + 0.01, Number.NaN);
    client.members([7, 8]);
    const answered = nextResult();
    client.view(VIEW);
    await answered;

    const answers: (IndexHit | null)[] = [];
    const first = ask(client, LNG).then((hit) => answers.push(hit));
    const skipped = new Promise<string>((resolve) => {
      client.hover(
        { latitude: LAT, longitude: LNG + 0.005, zoom: 16, radius: 18, now: 0, leaves: 0 },
        () => resolve('answered'),
      );
      setTimeout(() => resolve('skipped'), 200);
    });
    const last = ask(client, LNG + 0.01);
    // The first question was out: the second was replaced by the third.
    expect(await skipped).toBe('skipped');
    expect(await last).toMatchObject({ kind: 'marker', id: 8 });
    expect(answers).toEqual([]);
    await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 50))]);
    expect(answers).toEqual([]);
    expect(await ask(client, LNG, 'click')).toMatchObject({ kind: 'marker', id: 7 });
  });

  it('restarts on this thread when the worker fails, and asks for everything again', async () => {
    let fail: () => void = () => {};
    const results: IndexResult[] = [];
    let restarts = 0;
    const unanswered: FromIndex[] = [];
    const client = new MarkerIndexClient({
      onResult: (result) => results.push(result),
      onRestart: () => {
        restarts += 1;
        client.position(5, LAT, LNG, Number.NaN);
        client.members([5]);
        client.view(VIEW);
      },
      // A worker that never answers and then reports an error.
      channel: (_onMessage, onError) => {
        fail = onError;
        return { post: () => unanswered.push(), close: () => {} };
      },
    });
    close = () => client.close();
    const lost = ask(client, LNG);
    fail();
    expect(await lost).toBeNull();
    expect(restarts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(results.map((result) => [...result.singles])).toEqual([[5]]);
    expect(await ask(client, LNG, 'click')).toMatchObject({ id: 5 });
  });
});

describe('marker pacing', () => {
  it('glides only visible moves of markers on screen for a while', () => {
    expect(moveKind(50, MIN_SHOWN_MS)).toBe('glide');
    expect(moveKind(MIN_GLIDE_PX, 10_000)).toBe('glide');
    // Just came into view or out of a cluster: it jumps.
    expect(moveKind(50, MIN_SHOWN_MS - 1)).toBe('jump');
    // A pixel: nobody sees that glide.
    expect(moveKind(MIN_GLIDE_PX - 0.5, 10_000)).toBe('jump');
  });

  it('measures moves in screen pixels at the zoom', () => {
    // The whole world is 256 pixels wide at zoom 0, twice that at each zoom more.
    expect(pixelDistance(0, -180, 0, 180, 0)).toBeCloseTo(256);
    expect(pixelDistance(0, 0, 0, 1, 10)).toBeCloseTo((256 * 1024) / 360);
    // About 20 m in São Paulo at zoom 16: about 8 pixels.
    expect(pixelDistance(LAT, LNG, LAT, LNG + 0.0002, 16)).toBeCloseTo(9.3, 0);
  });

  it('draws as often as the fastest glide needs, less often as more move, within budget', () => {
    // 60 px in a glide (a followed vehicle up close): every frame.
    expect(frameInterval(1, 60 / 500, 0.5)).toBeLessThan(1000 / 60);
    // 30 px: every other frame.
    expect(frameInterval(1, 30 / 500, 0.5)).toBeCloseTo(MAX_STEP_PX / (30 / 500));
    // A few pixels (a city-wide view), or only jumps to show: 20 frames a second.
    expect(frameInterval(1, 4 / 500, 0.5)).toBe(50);
    expect(frameInterval(1, 0, 0.5)).toBe(50);
    // Many moving at once: at most 30, then 20 frames a second, however fast.
    expect(frameInterval(FULL_RATE_MOVING, 1, 1)).toBeLessThan(1000 / 60);
    expect(frameInterval(FULL_RATE_MOVING + 1, 1, 1)).toBeCloseTo(1000 / 30);
    expect(frameInterval(5_000, 1, 1)).toBe(50);
    // Frames costing 12 ms: at most one every 60 ms.
    expect(frameInterval(1, 1, 12)).toBe(60);
  });

  it('folds settled markers back into the still layer at most once a second', () => {
    expect(shouldFold(0, FOLD_MS * 10)).toBe(false);
    expect(shouldFold(5, FOLD_MS - 1)).toBe(false);
    expect(shouldFold(5, FOLD_MS)).toBe(true);
  });
});
