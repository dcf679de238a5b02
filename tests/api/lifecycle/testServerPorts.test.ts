/**
 * The test harness's ports: two servers, or one server's HTTP and OsmAnd listeners, never share
 * one. A shared pair once failed a whole API file with EADDRINUSE on CI.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { portSource } from '../../../scripts/freePort.mjs';
import { freePort, startServer, type TestServer } from '../../support/server';

describe('the port source', () => {
  it('hands out a port once, even when the OS offers it again', async () => {
    const offers = [41001, 41001, 41002, 41001, 41003];
    const next = portSource(async () => offers.shift() ?? 0);
    expect([await next(), await next(), await next()]).toEqual([41001, 41002, 41003]);
  });
});

describe('a test server', () => {
  let server: TestServer | undefined;
  let holder: net.Server | undefined;
  afterEach(async () => {
    await server?.stop();
    await new Promise((resolve) => (holder ? holder.close(resolve) : resolve(undefined)));
  });

  it('starts on other ports when one it picked was taken before it could bind', async () => {
    // Holds the port and hangs up on whoever connects (the harness's health probe).
    holder = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => holder?.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as net.AddressInfo).port;
    const picks = [taken];
    server = await startServer({ ports: async () => picks.shift() ?? (await freePort()) });

    expect(server.port).not.toBe(taken);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
