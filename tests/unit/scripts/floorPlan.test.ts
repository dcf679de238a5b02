import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  KINDS,
  measure,
  overTarget,
  readImports,
  TARGETS,
  type FloorTarget,
} from '../../../scripts/floorPlan.mjs';

const made: string[] = [];

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'floor-plan-'));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

const open: FloorTarget = {
  floors: Infinity,
  mutualPairs: Infinity,
  knotSize: Infinity,
  climbingShare: Infinity,
  fileCircles: Infinity,
  reachIns: Infinity,
  unclassified: Infinity,
};

describe('the floor plan measure', () => {
  it('reads static, type-only, re-exported and lazy imports, and ignores packages and comments', () => {
    const root = tree({
      'app/App.tsx': [
        "import { a } from '../lib/a';",
        "import type { B } from '../lib/b';",
        "export { c } from '../lib/c.js';",
        "const Lazy = () => import('../screens/Page');",
        "import React from 'react';",
        "// import { d } from '../lib/d';",
      ].join('\n'),
      'lib/a.ts': 'export const a = 1;',
      'lib/b.ts': 'export type B = 1;',
      'lib/c.ts': 'export const c = 1;',
      'lib/d.ts': 'export const d = 1;',
      'screens/Page/index.tsx': 'export default 1;',
    });
    const { edges } = readImports(root);
    expect(edges.sort()).toEqual([
      ['app/App.tsx', 'lib/a.ts'],
      ['app/App.tsx', 'lib/b.ts'],
      ['app/App.tsx', 'lib/c.ts'],
      ['app/App.tsx', 'screens/Page/index.tsx'],
    ]);
  });

  it('stacks folders into floors by their longest chain of imports', () => {
    const plan = measure({
      files: ['shell.tsx', 'feature/a.ts', 'other/b.ts', 'common/c.ts', 'i18n/d.ts'],
      edges: [
        ['shell.tsx', 'feature/a.ts'],
        ['shell.tsx', 'other/b.ts'],
        ['feature/a.ts', 'common/c.ts'],
        ['other/b.ts', 'common/c.ts'],
        ['common/c.ts', 'i18n/d.ts'],
      ],
    });
    expect(plan.floors).toBe(4);
    expect(plan.floorOf).toMatchObject({
      'shell.tsx': 4,
      'feature/': 3,
      'other/': 3,
      'common/': 2,
    });
    expect(plan.climbing).toEqual([]);
    expect(plan.knots).toEqual([]);
  });

  it('finds folders that import each other, the knot they tie and the arrow that climbs', () => {
    const plan = measure({
      files: ['map/layer.ts', 'fleet/list.ts', 'fleet/view.ts', 'common/x.ts'],
      edges: [
        ['fleet/list.ts', 'map/layer.ts'],
        ['map/layer.ts', 'fleet/view.ts'],
        ['map/layer.ts', 'common/x.ts'],
      ],
    });
    expect(plan.mutualPairs).toEqual([['fleet/', 'map/']]);
    expect(plan.knots).toEqual([['fleet/', 'map/']]);
    expect(plan.climbing).toHaveLength(1);
    expect(plan.fileCircles).toEqual([]);
  });

  it('finds a circle between two files, type imports included', () => {
    const root = tree({
      'entities/definition.ts':
        "import type { Action } from '../permissions/check';\nexport type Area = 1;",
      'permissions/check.ts':
        "import type { Area } from '../entities/definition';\nexport type Action = 1;",
    });
    const plan = measure(readImports(root));
    expect(plan.fileCircles).toEqual([['entities/definition.ts', 'permissions/check.ts']]);
    expect(overTarget(plan, { ...open, fileCircles: 0 })).toEqual(['1 file circles (target ≤ 0)']);
  });

  it('asks for each pair of folders that import each other to be explained', () => {
    const plan = measure({
      files: ['a/x.ts', 'b/y.ts'],
      edges: [
        ['a/x.ts', 'b/y.ts'],
        ['b/y.ts', 'a/x.ts'],
      ],
    });
    const target = { ...open, mutualPairs: 4 };
    expect(overTarget(plan, target, '')).toEqual([
      'a/ and b/ import each other without an explanation (`a/` ↔ `b/`)',
    ]);
    expect(overTarget(plan, target, 'Why `b/` ↔ `a/`: …')).toEqual([]);
    expect(overTarget(plan, { ...target, knotSize: 1 }, '`a/` ↔ `b/`')).toEqual([
      'a knot of 2 folders (target ≤ 1)',
    ]);
  });

  it("counts an import of another feature's file as a reach-in, and not one through its entry", () => {
    const kinds = { shell: ['App.tsx'], features: ['fleet', 'shares'], shared: ['common'] };
    const root = tree({
      'App.tsx': "import { SharesPage } from './shares/SharesPage';",
      'fleet/Actions.tsx': [
        "import { ShareDialog } from '../shares';",
        "import { shareLink } from '../shares/shareLink';",
        "import { Frame } from '../common/Frame';",
      ].join('\n'),
      'fleet/map/Map.tsx': "const Route = () => import('../../shares/ShareViewer');",
      'shares/index.ts': "export { ShareDialog } from './ShareDialog';",
      'shares/ShareDialog.tsx': "import { shareLink } from './shareLink';",
      'shares/shareLink.ts': 'export const shareLink = 1;',
      'shares/ShareViewer.tsx': 'export default 1;',
      'shares/SharesPage.tsx': "import { Frame } from '../common/Frame';",
      'common/Frame.tsx': 'export const Frame = 1;',
    });
    const plan = measure(readImports(root), kinds);
    expect(plan.reachIns.sort()).toEqual([
      ['fleet/Actions.tsx', 'shares/shareLink.ts'],
      ['fleet/map/Map.tsx', 'shares/ShareViewer.tsx'],
    ]);
    expect(overTarget(plan, { ...open, reachIns: 0 })).toEqual([
      "2 reaches into another feature's files (target ≤ 0): import from the feature's entry, <feature>/index.ts",
    ]);
  });

  it('asks for every folder of the web app to be named shell, feature or shared', () => {
    const kinds = { shell: ['App.tsx'], features: ['fleet'], shared: ['common'] };
    const plan = measure(
      { files: ['App.tsx', 'fleet/a.ts', 'common/b.ts', 'gadgets/c.ts'], edges: [] },
      kinds,
    );
    expect(plan.unclassified).toEqual(['gadgets/']);
    expect(overTarget(plan, { ...open, unclassified: 0 })).toHaveLength(1);
  });

  it('holds the web app to no reach-in and every folder named', () => {
    const plan = measure(readImports('src'), KINDS.src);
    expect(plan.reachIns).toEqual([]);
    expect(plan.unclassified).toEqual([]);
    expect(TARGETS.src).toMatchObject({ reachIns: 0, unclassified: 0 });
  });
});
