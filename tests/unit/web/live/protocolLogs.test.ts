import { describe, expect, it } from 'vitest';
import {
  attachLogsSender,
  deliverProtocolLogs,
  readLogRecords,
  subscribeProtocolLogs,
} from '../../../../src/live/protocolLogs';

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
      { host: '1.2.3.4', protocol: '', uniqueId: '5', deviceId: 0, data: '', outgoing: false },
    ]);
  });

  it('tells the frames the server sent from those it received', () => {
    const records = readLogRecords([
      {
        host: '10.0.0.9',
        protocol: 'gt06',
        uniqueId: '359339075123456',
        deviceId: 4,
        data: '78780d01',
      },
      {
        host: '10.0.0.9',
        protocol: 'gt06',
        uniqueId: '359339075123456',
        deviceId: 4,
        data: '787805010001d9dc0d0a',
        outgoing: true,
      },
      // Anything but `true` (a Traccar server never sends the key) reads as received.
      { deviceId: 4, data: 'x', outgoing: 'yes' },
    ]);
    expect(records?.map((record) => record.outgoing)).toEqual([false, true, false]);
  });
});
