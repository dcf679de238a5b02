import type { DecodedPosition, PositionRecord } from '../processing/types';

/**
 * The fixes a device had stored lately, to drop one it sends again: a tracker whose
 * acknowledgement was lost (a dropped connection, a restart of the server between storing and
 * answering) resends its buffer, and the same fix must not be stored twice. A fix counts as the
 * same when its time and everything it carries are equal, so a second message at the same fix
 * time with something new (an alarm raised with the fix) is still stored, as Traccar's duplicate
 * filter keeps one with attributes the stored one lacks. Kept per device for its last `size`
 * stored fixes, as times and content hashes (a few hundred bytes a device). A fix counts from the
 * moment it is accepted for storing, so the same fix twice in one frame, or resent while the first
 * copy waits for its batch, is stored once (the copy is answered when the first is, with its
 * outcome: `Ingest.submit`); a batch that fails forgets its fixes again.
 */
export class RecentFixes {
  private readonly times: Float64Array;
  private readonly hashes: Int32Array;
  private next = 0;
  private count = 0;

  constructor(private readonly size = 32) {
    this.times = new Float64Array(size);
    this.hashes = new Int32Array(size);
  }

  has(position: DecodedPosition): boolean {
    if (position.outdated) return false;
    let hash: number | null = null;
    for (let i = 0; i < this.count; i++) {
      if (this.times[i] !== position.fixTime) continue;
      hash ??= contentHash(position);
      if (this.hashes[i] === hash) return true;
    }
    return false;
  }

  /** Forgets a fix added before its storing failed, so the device's resend is stored. */
  remove(position: DecodedPosition): void {
    if (position.outdated) return;
    const hash = contentHash(position);
    for (let i = 0; i < this.count; i++) {
      if (this.times[i] === position.fixTime && this.hashes[i] === hash) this.times[i] = NaN;
    }
  }

  add(position: DecodedPosition): void {
    if (position.outdated) return;
    this.times[this.next] = position.fixTime;
    this.hashes[this.next] = contentHash(position);
    this.next = (this.next + 1) % this.size;
    this.count = Math.min(this.count + 1, this.size);
  }
}

/** FNV-1a over what a resent fix repeats: location, motion and every attribute. */
function contentHash(position: DecodedPosition): number {
  const text = `${position.latitude},${position.longitude},${position.speed},${position.course},${position.altitude},${position.valid},${JSON.stringify(position.attributes)}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/**
 * Whether a fix repeats the device's latest stored position: the check instances sharing the
 * database make under the device's row lock, where the latest position (whoever stored it) is in
 * hand. A device whose answer was lost (an instance stopped or died between storing and
 * answering) resends the fix, and a balancer may hand it to another instance, whose own
 * `RecentFixes` never saw it. The same as Traccar's duplicate filter, which compares with the
 * latest position: the same fix time and no attribute the stored one lacks; the location must
 * match too, as `RecentFixes` asks of everything a resent fix repeats.
 */
export function repeatsLatest(
  position: DecodedPosition,
  latest: Pick<PositionRecord, 'fixTime' | 'latitude' | 'longitude' | 'attributes'> | null,
): boolean {
  if (position.outdated || latest === null) return false;
  if (position.fixTime !== latest.fixTime) return false;
  if (position.latitude !== latest.latitude || position.longitude !== latest.longitude) {
    return false;
  }
  return Object.keys(position.attributes).every((key) => Object.hasOwn(latest.attributes, key));
}
