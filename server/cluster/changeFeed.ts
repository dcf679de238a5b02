import { InProcessChangeFeed, type Change, type ChangeFeed, type ChangeListener } from '../changes';
import type { Bus } from './bus';

const CHANNEL = 'changes';

/**
 * The change feed shared by the instances: a change runs this instance's listeners at once,
 * synchronously as on one instance (writers rely on their own caches being current when `emit`
 * returns), and reaches every other instance's listeners once through the bus, flagged remote.
 * After the bus recovers from a drop, the listeners get a `resync` change, since changes made
 * meanwhile were missed.
 */
export class SharedChangeFeed implements ChangeFeed {
  private readonly local = new InProcessChangeFeed();

  constructor(private readonly bus: Bus) {
    bus.subscribe(CHANNEL, (payload) => this.local.deliver(JSON.parse(payload) as Change, true));
    bus.onResync(() => this.local.deliver({ kind: 'resync' }, false));
  }

  emit(change: Change): void {
    this.local.emit(change);
    if (change.kind !== 'resync') this.bus.publish(CHANNEL, JSON.stringify(change));
  }

  on(listener: ChangeListener): () => void {
    return this.local.on(listener);
  }
}
