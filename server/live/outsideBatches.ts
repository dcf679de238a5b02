import type { RelayedDevice, TrackingCache } from '../ingest/cache';
import type { PositionRecord } from '../processing/types';
import type { PositionTexts } from '../serialize';
import type { LiveFanout } from './fanout';
import type { Greeting } from './greeting';

/**
 * Latest positions that reach the maps here without a batch committed here: a batch another
 * instance committed, and a latest position deleted through the API.
 */

/**
 * A batch another instance committed (cluster mode): memory follows it, the sockets here get
 * what is new to them, and the opening message's texts are prepared as for a batch of ours.
 */
export function showRelayedBatch(
  cache: Pick<TrackingCache, 'applyRemoteBatch'>,
  fanout: Pick<LiveFanout, 'committed'>,
  greeting: Pick<Greeting, 'prepareSoon'>,
  batch: { positions: readonly PositionTexts[]; devices: readonly RelayedDevice[] },
): void {
  const fresh = cache.applyRemoteBatch(batch.positions, batch.devices);
  fanout.committed(fresh);
  greeting.prepareSoon(fresh.positions);
}

/**
 * A device's latest position was deleted (here, or on another instance): the one now latest
 * takes its place in memory (the next fix's "previous", the `positionId` ingest writes back),
 * then on this instance's sockets. Nothing happens if a newer fix came in meanwhile.
 */
export function showReplacedLatest(
  cache: Pick<TrackingCache, 'replaceLatest'>,
  fanout: Pick<LiveFanout, 'committed'>,
  deviceId: number,
  previousId: number,
  latest: PositionRecord | null,
): void {
  const entry = cache.replaceLatest(deviceId, previousId, latest);
  if (!entry) return;
  fanout.committed({
    positions: latest ? [latest] : [],
    devices: [{ device: entry.device, statusChanged: false }],
  });
}
