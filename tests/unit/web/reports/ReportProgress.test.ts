import { JsonArrayCounter } from '../../../../src/dataProvider/jsonRows';
import { reportMethods, type TransferProgress } from '../../../../src/dataProvider/reports';
import { formatElapsed } from '../../../../src/reports/ReportProgress';
import { fakeFetch } from '../fakeFetch';

const query = {
  deviceIds: [1],
  groupIds: [],
  from: new Date('2026-01-01T00:00:00Z'),
  to: new Date('2026-01-02T00:00:00Z'),
};

/** An answer whose body arrives in the given pieces, one per read. */
const streamed = (pieces: string[], type = 'application/json') => {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        pieces.forEach((piece) => controller.enqueue(encoder.encode(piece)));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': type } },
  );
};

describe('counting the rows of a JSON array as it arrives', () => {
  it('counts each element once it is complete, whatever the pieces', () => {
    const rows = [
      { id: 1, address: 'Rua "A", {1}', attributes: { alarm: 'sos', list: [1, 2] } },
      { id: 2, address: 'Av. \\ Brasil ]', attributes: {} },
      { id: 3, address: null, attributes: { note: '}}]]' } },
    ];
    const text = JSON.stringify(rows);
    for (const size of [1, 3, 7, text.length]) {
      const counter = new JsonArrayCounter();
      const seen: number[] = [];
      for (let i = 0; i < text.length; i += size) {
        counter.feed(text.slice(i, i + size));
        seen.push(counter.rows);
      }
      expect(counter.rows).toBe(3);
      // Never more than the rows complete so far.
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    }
    const partial = new JsonArrayCounter();
    partial.feed(text.slice(0, text.indexOf('{"id":2')));
    expect(partial.rows).toBe(1);
  });
});

describe('a report with progress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells the rows as they arrive and answers the whole report', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, speed: i }));
    const text = JSON.stringify(rows);
    const cut = [0, 12, 30, 41, text.length];
    fakeFetch({
      'GET /api/reports/route': () =>
        streamed(cut.slice(1).map((end, i) => text.slice(cut[i], end))),
    });
    const heard: TransferProgress[] = [];
    const result = await reportMethods.getReport('route', query, undefined, (progress) =>
      heard.push(progress),
    );
    expect(result).toEqual(rows);
    expect(heard).toHaveLength(4);
    expect(heard.at(-1)).toEqual({ bytes: new TextEncoder().encode(text).length, rows: 5 });
    expect(heard.map((progress) => progress.rows)).toEqual(
      [...heard.map((progress) => progress.rows)].sort((a, b) => a - b),
    );
  });

  it('stops reading when the load is cancelled', async () => {
    const encoder = new TextEncoder();
    let pull = 0;
    fakeFetch({
      'GET /api/reports/trips': () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              pull += 1;
              controller.enqueue(encoder.encode(pull === 1 ? '[{"id":1}' : `,{"id":${pull}}`));
              return new Promise((resolve) => setTimeout(resolve, 5));
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    });
    const controller = new AbortController();
    const loading = reportMethods.getReport('trips', query, controller.signal, (progress) => {
      if (progress.rows >= 3) controller.abort();
    });
    await expect(loading).rejects.toThrow();
    const pulled = pull;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pull).toBeLessThanOrEqual(pulled + 1);
  });

  it('tells a spreadsheet’s bytes as they arrive', async () => {
    fakeFetch({
      'GET /api/reports/trips': () => streamed(['PK..', 'more', 'end'], 'application/vnd.ms-excel'),
    });
    const heard: number[] = [];
    const { blob } = await reportMethods.getReportSpreadsheet(
      'trips',
      query,
      undefined,
      (progress) => heard.push(progress.bytes),
    );
    expect(heard).toEqual([4, 8, 11]);
    expect(blob.size).toBe(11);
  });
});

describe('elapsed time', () => {
  it('reads m:ss, and h:mm:ss past an hour', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(7_900)).toBe('0:07');
    expect(formatElapsed(125_000)).toBe('2:05');
    expect(formatElapsed(3_725_000)).toBe('1:02:05');
  });
});
