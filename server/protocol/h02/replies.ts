import { formatStamp } from './clock';

/**
 * What the server answers. H02 devices do not wait for an acknowledgement of their positions; the
 * answers below are the ones Traccar sends (a V1 position and an NBR cell report get a V4
 * confirmation, a heartbeat is echoed), which some firmwares use to know the server is alive.
 */

/** `*HQ,<id>,V4,<type>,<yyyyMMddHHmmss>#`: the server confirms a V1 or NBR message. */
export function confirmation(id: string, type: string, now: number): Buffer {
  return Buffer.from(`*HQ,${id},V4,${type},${formatStamp(now)}#`, 'latin1');
}

/** A heartbeat's echo: the message up to its type (`*HQ,<id>,HTBT`), closed by `#`. */
export function heartbeatEcho(head: string): Buffer {
  return Buffer.from(`${head}#`, 'latin1');
}
