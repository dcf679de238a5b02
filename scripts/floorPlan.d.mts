/** Types of scripts/floorPlan.mjs, for the TypeScript tests. */
export interface ImportGraph {
  files: string[];
  edges: [string, string][];
}

export interface FloorPlan {
  rooms: number;
  arrows: number;
  floors: number;
  floorOf: Record<string, number>;
  climbing: [string, string][];
  mutualPairs: [string, string][];
  knots: string[][];
  fileCircles: string[][];
}

export interface FloorTarget {
  floors: number;
  mutualPairs: number;
  knotSize: number;
  climbingShare: number;
  fileCircles: number;
}

export declare function readImports(dir: string): ImportGraph;
export declare function roomOf(path: string): string;
export declare function components(nodes: string[], edges: [string, string][]): string[][];
export declare function measure(graph: ImportGraph): FloorPlan;
export declare const TARGETS: { src: FloorTarget; server: FloorTarget };
export declare function overTarget(
  plan: FloorPlan,
  target: FloorTarget,
  explanations?: string,
): string[];
