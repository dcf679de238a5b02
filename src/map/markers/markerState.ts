/** Markers glide to a new fix in 500 ms. */
export const ANIMATION_MS = 500;

export interface MarkerMotion {
  fromLat: number;
  fromLng: number;
  toLat: number;
  toLng: number;
  start: number;
}

export const still = (lat: number, lng: number): MarkerMotion => ({
  fromLat: lat,
  fromLng: lng,
  toLat: lat,
  toLng: lng,
  start: 0,
});

/** Where the marker is drawn at `now`: a linear glide, as the original's moveTo(latlng, 500). */
export const positionAt = (motion: MarkerMotion, now: number): [number, number] => {
  const t = Math.min(1, Math.max(0, (now - motion.start) / ANIMATION_MS));
  return [
    motion.fromLat + (motion.toLat - motion.fromLat) * t,
    motion.fromLng + (motion.toLng - motion.fromLng) * t,
  ];
};

export const isAnimating = (motion: MarkerMotion, now: number): boolean =>
  now - motion.start < ANIMATION_MS;

/** Starts a glide from wherever the marker is now, so a fix mid-glide does not jump. */
export const retarget = (
  motion: MarkerMotion,
  lat: number,
  lng: number,
  now: number,
): MarkerMotion => {
  if (motion.toLat === lat && motion.toLng === lng) return motion;
  const [fromLat, fromLng] = positionAt(motion, now);
  return { fromLat, fromLng, toLat: lat, toLng: lng, start: now };
};
