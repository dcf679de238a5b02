/** A seeded pseudo-random source (mulberry32), so a fleet replays identically from its seed. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return {
    next() {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

/** FNV-1a hash of a string: a stable seed per device. */
export function hashSeed(text: string, seed = 0): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export const uniform = (rng: Rng, min: number, max: number): number =>
  min + (max - min) * rng.next();

export const integer = (rng: Rng, min: number, max: number): number =>
  Math.floor(uniform(rng, min, max + 1));

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng.next() * items.length)];
}

/** Exponentially distributed wait with the given mean (a Poisson process's gaps). */
export const exponential = (rng: Rng, mean: number): number => -Math.log(1 - rng.next()) * mean;

/** Picks a key with probability proportional to its weight. */
export function weighted<K extends string>(rng: Rng, weights: Readonly<Record<K, number>>): K {
  const entries = Object.entries(weights) as [K, number][];
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let roll = rng.next() * total;
  for (const [key, weight] of entries) {
    roll -= weight;
    if (roll < 0) return key;
  }
  return entries[entries.length - 1][0];
}
