/**
 * Boxes on a canvas with a value each, in a grid of cells, so a question about one area looks
 * only at the boxes near it. Used for the room labels may take (`labelSpace.ts`) and for what
 * the still layer drew where, to repaint a small part of it (`MarkerLayer`).
 */
const CELL = 64;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const overlaps = (a: Box, b: Box): boolean =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

export class BoxGrid<T> {
  private readonly boxes: (Box | null)[] = [];
  private readonly values: T[] = [];
  private readonly cells = new Map<number, number[]>();

  clear(): void {
    this.boxes.length = 0;
    this.values.length = 0;
    this.cells.clear();
  }

  /** Adds `box` with its value; the handle removes it again. */
  add(box: Box, value: T): number {
    const handle = this.boxes.push(box) - 1;
    this.values.push(value);
    this.forCells(box, (key) => {
      const list = this.cells.get(key);
      if (list) list.push(handle);
      else this.cells.set(key, [handle]);
      return true;
    });
    return handle;
  }

  remove(handle: number): void {
    // Its cells keep the handle until the next clear; a removed box matches nothing.
    this.boxes[handle] = null;
  }

  /** Whether any box overlaps `box`. */
  any(box: Box): boolean {
    let found = false;
    this.visit(box, () => {
      found = true;
      return false;
    });
    return found;
  }

  /** The values of the boxes overlapping `box` (each box once), in the order they were added. */
  find(box: Box): T[] {
    const handles = new Set<number>();
    this.visit(box, (handle) => {
      handles.add(handle);
      return true;
    });
    return [...handles].sort((a, b) => a - b).map((handle) => this.values[handle]);
  }

  /** Calls `found` with each overlapping box's handle (a box over several cells more than once). */
  private visit(box: Box, found: (handle: number) => boolean): void {
    this.forCells(box, (key) => {
      const list = this.cells.get(key);
      if (!list) return true;
      for (const handle of list) {
        const other = this.boxes[handle];
        if (other && overlaps(other, box) && !found(handle)) return false;
      }
      return true;
    });
  }

  private forCells(box: Box, visit: (key: number) => boolean): void {
    const x0 = Math.floor(box.left / CELL);
    const x1 = Math.floor(box.right / CELL);
    const y0 = Math.floor(box.top / CELL);
    const y1 = Math.floor(box.bottom / CELL);
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        // Cells as one number: off-screen parts of a box land in their own (negative) cells.
        if (!visit(x * 65_536 + y)) return;
      }
    }
  }
}
