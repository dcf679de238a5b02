// Refuses to go on when the running Node.js is older than package.json's `engines.node`, naming
// the one command that brings a fitting Node. npm only checks engines while installing (and only
// with engine-strict), so `npm start`, `npm run dev` and `npm test` call this first.
//
// It runs before anything is known about the Node that runs it, so it keeps to syntax and APIs
// that very old Node versions have, and reads only the range forms package.json uses
// (`>=X.Y.Z`, `^X.Y.Z`, joined by `||`); any other form is an error, not a silent pass.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageJson = fileURLToPath(new URL('../package.json', import.meta.url));

function parseVersion(text) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(String(text).trim());
  if (!match) throw new Error('not a version: ' + text);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function compare(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/** Whether `version` (e.g. "22.23.5" or "v20.20.2") is inside `range` (">=22.22.2 || ^24.15.0"). */
export function satisfies(version, range) {
  const v = parseVersion(version);
  return range.split('||').some((part) => {
    const match = /^\s*(>=|\^)\s*(\S+)\s*$/.exec(part);
    if (!match) throw new Error('engines.node has a form this check does not read: ' + range);
    const floor = parseVersion(match[2]);
    if (compare(v, floor) < 0) return false;
    return match[1] === '>=' || v[0] === floor[0];
  });
}

export function requiredRange() {
  const engines = JSON.parse(readFileSync(packageJson, 'utf8')).engines || {};
  const range = engines.node;
  if (typeof range !== 'string') throw new Error('package.json has no engines.node');
  return range;
}

/** What to tell someone on the wrong Node: `command` is what they ran (`npm start`). */
export function refusal(version, range, execPath, command) {
  return [
    `Frota needs Node.js ${range}; this is Node.js ${version} (${execPath}).`,
    'Put Node.js 22 first on PATH in this shell (fetched once from the npm registry into',
    '~/.cache/frota/node):',
    '',
    '  eval "$(bash scripts/ensure-node.sh)"',
    '',
    `then run ${command} again (after npm install, if it has not run on that Node.js yet).`,
    '',
  ].join('\n');
}

function commandName(lifecycleEvent) {
  const script = (lifecycleEvent || '').replace(/^pre/, '');
  if (script === '') return 'the command';
  return script === 'start' || script === 'test' ? `npm ${script}` : `npm run ${script}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const quiet = process.argv.includes('--quiet');
  const range = requiredRange();
  if (!satisfies(process.versions.node, range)) {
    if (!quiet)
      process.stderr.write(
        refusal(
          process.versions.node,
          range,
          process.execPath,
          commandName(process.env.npm_lifecycle_event),
        ),
      );
    process.exit(1);
  }
}
