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
  reachIns: [string, string][];
  unclassified: string[];
}

export interface RoomKinds {
  shell: string[];
  features: string[];
  shared: string[];
}

export interface FloorTarget {
  floors: number;
  mutualPairs: number;
  knotSize: number;
  climbingShare: number;
  fileCircles: number;
  reachIns: number;
  unclassified: number;
}

export declare function readImports(dir: string): ImportGraph;
export declare function roomOf(path: string): string;
export declare function components(nodes: string[], edges: [string, string][]): string[][];
export declare function reachIns(edges: [string, string][], features: string[]): [string, string][];
export declare function measure(graph: ImportGraph, kinds?: RoomKinds): FloorPlan;
export declare const KINDS: { src: RoomKinds; server: undefined };
export declare const TARGETS: { src: FloorTarget; server: FloorTarget };
export declare function overTarget(
  plan: FloorPlan,
  target: FloorTarget,
  explanations?: string,
): string[];
