// The floor plan of the code, measured from its imports: how tall the web app's tower of folders
// is, which folders import each other, and whether the server's folders tie into knots. The
// targets and what each figure means are in docs/architecture.md ("Measuring the floor plan").
// Run from the repo root: `node scripts/floorPlan.mjs`; it exits 1 when a figure is over target.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { FEATURES, SHARED, SHELL } from './webRooms.mjs';

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const CANDIDATES = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names, or undefined when it leaves the tree or is a package. */
function resolveSpecifier(from, specifier, known) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|mjs)$/, '');
  for (const candidate of [...CANDIDATES.map((end) => base + end), stem + '.ts', stem + '.tsx']) {
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Every import between the files under `dir` (static, type-only, re-exports and dynamic
 * `import()` alike: a lazy screen still ties its folder to the one that loads it).
 * Paths in the result are relative to `dir`, with forward slashes.
 */
export function readImports(dir) {
  const root = resolve(dir);
  const files = listFiles(root);
  const known = new Set(files);
  const name = (path) => relative(root, path).split(sep).join('/');
  const edges = [];
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      const target = resolveSpecifier(file, fileName, known);
      if (target && target !== file) edges.push([name(file), name(target)]);
    }
  }
  return { files: files.map(name), edges };
}

/** A file's room: the top-level folder that holds it, or the file itself at the top. */
export function roomOf(path) {
  const slash = path.indexOf('/');
  return slash < 0 ? path : path.slice(0, slash + 1);
}

function adjacency(nodes, edges) {
  const next = new Map(nodes.map((node) => [node, new Set()]));
  for (const [from, to] of edges) next.get(from)?.add(to);
  return next;
}

/** Strongly connected components (Tarjan), each as a sorted list; singletons included. */
export function components(nodes, edges) {
  const next = adjacency(nodes, edges);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      found.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

/**
 * An order of the rooms that puts importers above what they import wherever the imports allow
 * (Eades, Lin and Smyth's greedy order): an arrow against it is one that climbs back up.
 */
function greedyOrder(nodes, edges) {
  const out = adjacency(nodes, edges);
  const into = new Map(nodes.map((node) => [node, new Set()]));
  for (const [from, to] of edges) into.get(to).add(from);
  const left = new Set(nodes);
  const top = [];
  const bottom = [];
  const drop = (node) => {
    left.delete(node);
    for (const to of out.get(node)) into.get(to).delete(node);
    for (const from of into.get(node)) out.get(from).delete(node);
  };
  while (left.size > 0) {
    let moved = true;
    while (moved) {
      moved = false;
      for (const node of [...left].sort()) {
        if (out.get(node).size === 0) {
          bottom.unshift(node);
          drop(node);
          moved = true;
        } else if (into.get(node).size === 0) {
          top.push(node);
          drop(node);
          moved = true;
        }
      }
    }
    if (left.size === 0) break;
    const best = [...left]
      .sort()
      .reduce((a, b) =>
        out.get(b).size - into.get(b).size > out.get(a).size - into.get(a).size ? b : a,
      );
    top.push(best);
    drop(best);
  }
  return [...top, ...bottom];
}

/**
 * The imports by which one feature reaches into another's files instead of going through its
 * entry (`<feature>/index.ts`): each an arrow [from file, to file]. `features` names the feature
 * folders; imports from or into any other folder are not counted.
 */
export function reachIns(edges, features) {
  const featureRooms = new Set(features.map((folder) => `${folder}/`));
  return edges.filter(([from, to]) => {
    const a = roomOf(from);
    const b = roomOf(to);
    return a !== b && featureRooms.has(a) && featureRooms.has(b) && to !== `${b}index.ts`;
  });
}

/**
 * The floor plan of one tree: rooms, the arrows between them, how many floors they stack into
 * (the longest chain of arrows that go down, counted in rooms), the arrows that climb back up,
 * the pairs of rooms that import each other, the knots (rooms that reach each other through
 * imports) and the circles between single files. Given `kinds` (the tree's shell, features and
 * shared folders, scripts/webRooms.mjs), also the reaches into another feature's files and the
 * rooms of no kind.
 */
export function measure({ files, edges }, kinds = undefined) {
  const rooms = [...new Set(files.map(roomOf))].sort();
  const arrowKeys = new Set();
  for (const [from, to] of edges) {
    const a = roomOf(from);
    const b = roomOf(to);
    if (a !== b) arrowKeys.add(`${a}\u0000${b}`);
  }
  const arrows = [...arrowKeys].map((key) => key.split('\u0000'));
  const order = greedyOrder(rooms, arrows);
  const rank = new Map(order.map((room, i) => [room, i]));
  const down = arrows.filter(([a, b]) => rank.get(a) < rank.get(b));
  const climbing = arrows.filter(([a, b]) => rank.get(a) > rank.get(b));
  const floor = new Map();
  const downFrom = adjacency(rooms, down);
  for (const room of [...order].reverse()) {
    const below = [...downFrom.get(room)].map((to) => floor.get(to));
    floor.set(room, 1 + Math.max(0, ...below));
  }
  const mutualPairs = arrows
    .filter(([a, b]) => a < b && arrowKeys.has(`${b}\u0000${a}`))
    .map((pair) => pair.sort());
  return {
    rooms: rooms.length,
    arrows: arrows.length,
    floors: Math.max(0, ...floor.values()),
    floorOf: Object.fromEntries(order.map((room) => [room, floor.get(room)])),
    climbing,
    mutualPairs,
    knots: components(rooms, arrows).filter((c) => c.length > 1),
    fileCircles: components(files, edges).filter((c) => c.length > 1),
    reachIns: kinds ? reachIns(edges, kinds.features) : [],
    unclassified: kinds ? rooms.filter((room) => !classified(kinds).has(room)) : [],
  };
}

/** The rooms a tree's kinds name: folders as `name/`, top-level files as they are. */
function classified({ shell, features, shared }) {
  return new Set(
    [...shell, ...features, ...shared].map((name) => (SOURCE.test(name) ? name : `${name}/`)),
  );
}

/** The web app's kinds of rooms (scripts/webRooms.mjs); the server has none. */
export const KINDS = {
  src: { shell: SHELL, features: FEATURES, shared: SHARED },
  server: undefined,
};

/** The targets each tree is held to; docs/architecture.md says why. */
export const TARGETS = {
  src: {
    floors: 10,
    mutualPairs: 4,
    knotSize: Infinity,
    climbingShare: Infinity,
    fileCircles: 0,
    reachIns: 0,
    unclassified: 0,
  },
  server: {
    floors: Infinity,
    mutualPairs: Infinity,
    knotSize: 3,
    climbingShare: 0.02,
    fileCircles: 0,
    reachIns: Infinity,
    unclassified: Infinity,
  },
};

/**
 * What is over target in one tree's plan, in words. Mutual pairs must each be explained in the
 * architecture document, written as `a/` ↔ `b/` (either order).
 */
export function overTarget(plan, target, explanations = '') {
  const problems = [];
  if (plan.floors > target.floors)
    problems.push(`${plan.floors} floors (target ≤ ${target.floors})`);
  if (plan.mutualPairs.length > target.mutualPairs)
    problems.push(`${plan.mutualPairs.length} mutual pairs (target ≤ ${target.mutualPairs})`);
  if (Number.isFinite(target.mutualPairs)) {
    for (const [a, b] of plan.mutualPairs) {
      const named = [`\`${a}\` ↔ \`${b}\``, `\`${b}\` ↔ \`${a}\``];
      if (!named.some((text) => explanations.includes(text)))
        problems.push(
          `${a} and ${b} import each other without an explanation (\`${a}\` ↔ \`${b}\`)`,
        );
    }
  }
  const largest = Math.max(0, ...plan.knots.map((knot) => knot.length));
  if (largest > target.knotSize)
    problems.push(`a knot of ${largest} folders (target ≤ ${target.knotSize})`);
  const share = plan.arrows === 0 ? 0 : plan.climbing.length / plan.arrows;
  if (share > target.climbingShare)
    problems.push(
      `${(share * 100).toFixed(1)} % of arrows climb (target ≤ ${target.climbingShare * 100} %)`,
    );
  if (plan.fileCircles.length > target.fileCircles)
    problems.push(`${plan.fileCircles.length} file circles (target ≤ ${target.fileCircles})`);
  if (plan.reachIns.length > target.reachIns)
    problems.push(
      `${plan.reachIns.length} reaches into another feature's files (target ≤ ${target.reachIns}): ` +
        "import from the feature's entry, <feature>/index.ts",
    );
  if (plan.unclassified.length > target.unclassified)
    problems.push(
      `${plan.unclassified.length} folders of no kind (target ≤ ${target.unclassified}): ` +
        'name each in scripts/webRooms.mjs as shell, feature or shared',
    );
  return problems;
}

function report(tree, plan, kinds) {
  const share = plan.arrows === 0 ? 0 : (plan.climbing.length / plan.arrows) * 100;
  const lines = [
    `${tree}/: ${plan.rooms} rooms, ${plan.arrows} arrows, ${plan.floors} floors, ` +
      `${plan.climbing.length} climbing (${share.toFixed(1)} %), ${plan.mutualPairs.length} mutual pairs, ` +
      `largest knot ${Math.max(0, ...plan.knots.map((k) => k.length))}, ${plan.fileCircles.length} file circles` +
      (kinds
        ? `, ${plan.reachIns.length} reaches into another feature, ${plan.unclassified.length} folders of no kind`
        : ''),
  ];
  const byFloor = new Map();
  for (const [room, floor] of Object.entries(plan.floorOf)) {
    byFloor.set(floor, [...(byFloor.get(floor) ?? []), room]);
  }
  for (const floor of [...byFloor.keys()].sort((a, b) => b - a)) {
    lines.push(`  floor ${String(floor).padStart(2)}  ${byFloor.get(floor).sort().join(' ')}`);
  }
  for (const [a, b] of plan.climbing) lines.push(`  climbs: ${a} → ${b}`);
  for (const [a, b] of plan.mutualPairs) lines.push(`  mutual: ${a} ↔ ${b}`);
  for (const knot of plan.knots) lines.push(`  knot: ${knot.join(' ')}`);
  for (const circle of plan.fileCircles) lines.push(`  file circle: ${circle.join(' ')}`);
  for (const [from, to] of plan.reachIns) lines.push(`  reaches in: ${from} → ${to}`);
  for (const room of plan.unclassified) lines.push(`  of no kind: ${room}`);
  return lines.join('\n');
}

function main() {
  const explanations = readFileSync('docs/architecture.md', 'utf8');
  let failed = false;
  for (const tree of ['src', 'server']) {
    const plan = measure(readImports(tree), KINDS[tree]);
    console.log(report(tree, plan, KINDS[tree]));
    const problems = overTarget(plan, TARGETS[tree], explanations);
    for (const problem of problems) console.log(`  OVER TARGET: ${problem}`);
    failed ||= problems.length > 0;
  }
  process.exitCode = failed ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
