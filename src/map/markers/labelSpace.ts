import { type Box, BoxGrid } from './boxGrid';

export type { Box } from './boxGrid';

/**
 * Where labels may still go on a canvas: the boxes taken so far (icons, clusters, labels). A
 * label that would cover another label or a marker goes elsewhere or is left out, as map styles
 * do with their names, so every label drawn can be read; hovering any marker still names it.
 */
export class LabelSpace {
  private readonly taken = new BoxGrid<true>();

  /**
   * @param below boxes another canvas underneath already holds (the still layer's, for the
   *   moving one): labels avoid them too, but they are not copied.
   */
  constructor(private readonly below: LabelSpace | null = null) {}

  clear(): void {
    this.taken.clear();
  }

  /** Whether `box` overlaps nothing taken here or below. */
  fits(box: Box): boolean {
    if (this.below && !this.below.fits(box)) return false;
    return !this.taken.any(box);
  }

  /** Marks `box` as taken, whatever it overlaps (a marker is drawn wherever it is). */
  take(box: Box): number {
    return this.taken.add(box, true);
  }

  /** Frees a box `take` returned (its marker no longer drawn there). */
  release(handle: number): void {
    this.taken.remove(handle);
  }

  /** Takes `box` when it fits; says whether it did. */
  takeIfFree(box: Box): boolean {
    if (!this.fits(box)) return false;
    this.take(box);
    return true;
  }
}
