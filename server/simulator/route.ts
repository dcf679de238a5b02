import { distance } from '../processing/geometry';
import type { Road } from './roads';

interface RoutePoint {
  latitude: number;
  longitude: number;
  /** Degrees clockwise from north, in the direction of travel. */
  course: number;
}

const toDegrees = (radians: number) => (radians * 180) / Math.PI;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Initial great-circle bearing from one point to another, 0..360. */
function bearing(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const φ1 = toRadians(lat1);
  const φ2 = toRadians(lat2);
  const Δλ = toRadians(lon2 - lon1);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return (toDegrees(Math.atan2(y, x)) + 360) % 360;
}

/** A road's polyline with cumulative distances, so a distance along it maps to a point. */
export class Route {
  /** Distance from the first vertex to each vertex, metres. */
  private readonly offsets: number[];
  readonly length: number;

  constructor(readonly road: Road) {
    if (road.points.length < 2) throw new Error(`${road.name} needs at least two points`);
    this.offsets = [0];
    for (let i = 1; i < road.points.length; i++) {
      const [lat1, lon1] = road.points[i - 1];
      const [lat2, lon2] = road.points[i];
      this.offsets.push(this.offsets[i - 1] + distance(lat1, lon1, lat2, lon2));
    }
    this.length = this.offsets[this.offsets.length - 1];
  }

  /** The point `s` metres from the start (clamped), heading forward or (`reverse`) back. */
  locate(s: number, reverse = false): RoutePoint {
    const at = Math.min(Math.max(s, 0), this.length);
    let i = 1;
    // Linear scan: a dozen to thirty vertices per road.
    while (i < this.offsets.length - 1 && this.offsets[i] < at) i++;
    const [lat1, lon1] = this.road.points[i - 1];
    const [lat2, lon2] = this.road.points[i];
    const span = this.offsets[i] - this.offsets[i - 1];
    const t = span > 0 ? (at - this.offsets[i - 1]) / span : 0;
    const forward = bearing(lat1, lon1, lat2, lon2);
    return {
      latitude: lat1 + (lat2 - lat1) * t,
      longitude: lon1 + (lon2 - lon1) * t,
      course: reverse ? (forward + 180) % 360 : forward,
    };
  }

  /**
   * How far along the road the point nearest to (`latitude`, `longitude`) lies, metres: where a
   * vehicle last seen there picks up its drive. Flat projection per segment, fine at city scale.
   */
  project(latitude: number, longitude: number): number {
    const kx = Math.cos(toRadians(latitude));
    let best = 0;
    let bestGap = Infinity;
    for (let i = 1; i < this.road.points.length; i++) {
      const [lat1, lon1] = this.road.points[i - 1];
      const [lat2, lon2] = this.road.points[i];
      const dx = (lon2 - lon1) * kx;
      const dy = lat2 - lat1;
      const px = (longitude - lon1) * kx;
      const py = latitude - lat1;
      const squared = dx * dx + dy * dy;
      const t = squared > 0 ? Math.min(Math.max((px * dx + py * dy) / squared, 0), 1) : 0;
      const gap = (px - t * dx) ** 2 + (py - t * dy) ** 2;
      if (gap < bestGap) {
        bestGap = gap;
        best = this.offsets[i - 1] + t * (this.offsets[i] - this.offsets[i - 1]);
      }
    }
    return best;
  }
}
