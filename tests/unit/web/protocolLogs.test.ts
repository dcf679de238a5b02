import { describe, expect, it } from 'vitest';
import {
  attachLogsSender,
  deliverProtocolLogs,
  readLogRecords,
  subscribeProtocolLogs,
} from '../../../src/live/protocolLogs';

describe('protocol logs on the live socket', () => {
  it('asks for logs while someone listens, and again when the socket reopens', () => {
    const sent: string[] = [];
    attachLogsSender((text) => sent.push(text));
    const received: string[] = [];
    const first = subscribeProtocolLogs((records) => received.push(...records.map((r) => r.data)));
    const second = subscribeProtocolLogs(() => {});
    expect(sent).toEqual(['{"logs":true}']);

    attachLogsSender(null); // closed: nothing to send to
    attachLogsSender((text) => sent.push(text));
    expect(sent).toEqual(['{"logs":true}', '{"logs":true}']);

    deliverProtocolLogs(readLogRecords([{ uniqueId: 'a', deviceId: 3, data: 'x' }]) ?? []);
    expect(received).toEqual(['x']);
    first();
    first();
    expect(sent).toHaveLength(2);
    second();
    expect(sent).toEqual(['{"logs":true}', '{"logs":true}', '{"logs":false}']);
    attachLogsSender(null);
  });

  it('reads records defensively', () => {
    expect(readLogRecords(undefined)).toBeUndefined();
    expect(readLogRecords([null, 'x', { host: '1.2.3.4', deviceId: 'no', uniqueId: 5 }])).toEqual([
      { host: '1.2.3.4', protocol: '', uniqueId: '5', deviceId: 0, data: '' },
    ]);
  });
});
