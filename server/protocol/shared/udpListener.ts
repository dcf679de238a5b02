import dgram from 'node:dgram';
import { isIPv6 } from 'node:net';
import type { ProtocolDefinition } from './definition';
import { FrameStream } from './frameStream';
import { DeviceSession, type Channel, type SessionDeps } from './session';

/**
 * A protocol's UDP port: one `DeviceSession` per peer (address and port), so a device's datagrams
 * are dealt with in order and commands reach it at the address it last wrote from
 * (docs/protocols.md). A peer silent for `idleMs` is forgotten, one that never named a known
 * device after a minute, and at most `MAX_UDP_PEERS` are held.
 */

export interface UdpListenerOptions {
  port: number;
  host: string;
  deps: SessionDeps;
  /** A peer silent this long is forgotten. Default 30 minutes. */
  idleMs?: number;
}

export interface UdpListener {
  readonly port: number;
  readonly peers: number;
  close(): Promise<void>;
}

interface Peer {
  key: string;
  session: DeviceSession;
  lastSeen: number;
}

/** Datagrams a peer may have waiting; more are dropped (UDP devices send them again). */
const MAX_PEER_BACKLOG = 64;
/**
 * Peers held at once. A source address costs nothing to forge on UDP: past this, datagrams from
 * new peers are dropped rather than memory growing with a flood.
 */
export const MAX_UDP_PEERS = 100_000;
/** A peer that never named a device the server knows is forgotten after this (ms). */
const UNBOUND_PEER_MS = 60_000;

export async function startUdpListener(
  protocol: ProtocolDefinition,
  options: UdpListenerOptions,
): Promise<UdpListener> {
  const { deps } = options;
  const idleMs = options.idleMs ?? 30 * 60_000;
  const socket = dgram.createSocket({ type: isIPv6(options.host) ? 'udp6' : 'udp4' });
  const peers = new Map<string, Peer>();
  /** The peer each device last wrote from. */
  const peerOfDevice = new Map<number, string>();

  /**
   * A device writing from a new address or port (a carrier's NAT gives it another at will) has
   * one peer: the one it last wrote from, where its commands go. Its older peer is let go at once
   * instead of being held for the idle time, so a fleet behind NAT does not pile up sessions.
   */
  const follow = (peer: Peer) => {
    const bound = peer.session.device;
    if (!bound) return;
    const previous = peerOfDevice.get(bound.deviceId);
    if (previous === peer.key) return;
    peerOfDevice.set(bound.deviceId, peer.key);
    const old = previous === undefined ? undefined : peers.get(previous);
    if (old) {
      peers.delete(old.key);
      old.session.closed(true);
    }
  };
  const forget = (peer: Peer) => {
    peers.delete(peer.key);
    const bound = peer.session.device;
    if (bound && peerOfDevice.get(bound.deviceId) === peer.key) peerOfDevice.delete(bound.deviceId);
    peer.session.closed();
  };
  const peerFor = (address: string, port: number): Peer | null => {
    const key = `${address}:${port}`;
    let peer = peers.get(key);
    if (!peer) {
      if (peers.size >= MAX_UDP_PEERS) return null;
      const channel: Channel = {
        transport: 'udp',
        address,
        send: (data) => socket.send(data, port, address),
        close: () => {
          if (peer) forget(peer);
        },
      };
      peer = { key, session: new DeviceSession(protocol, channel, deps), lastSeen: 0 };
      peers.set(key, peer);
    }
    peer.lastSeen = Date.now();
    return peer;
  };

  socket.on('message', (datagram, remote) => {
    const peer = peerFor(remote.address, remote.port);
    if (!peer || peer.session.backlog >= MAX_PEER_BACKLOG) return;
    const { session } = peer;
    const frames =
      protocol.datagrams === 'whole'
        ? [datagram]
        : new FrameStream(protocol.splitter(), datagram.length).push(datagram).frames;
    for (const frame of frames) {
      session.receive(frame).then(
        () => follow(peer),
        () => undefined,
      );
    }
  });
  socket.on('error', (error) => deps.log.error({ err: error, protocol: protocol.name }, 'udp'));

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port, options.host, () => {
      socket.off('error', reject);
      resolve();
    });
  });

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const peer of [...peers.values()]) {
        const silentFor = now - peer.lastSeen;
        if (silentFor > idleMs || (peer.session.device === null && silentFor > UNBOUND_PEER_MS)) {
          forget(peer);
        }
      }
    },
    Math.min(idleMs, UNBOUND_PEER_MS / 2),
  ).unref();

  return {
    port: socket.address().port,
    get peers() {
      return peers.size;
    },
    async close() {
      clearInterval(sweep);
      await Promise.race([
        Promise.all([...peers.values()].map((peer) => peer.session.idle())),
        new Promise((resolve) => setTimeout(resolve, 3_000).unref()),
      ]);
      for (const peer of peers.values()) peer.session.closed(true);
      peers.clear();
      peerOfDevice.clear();
      await new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}
