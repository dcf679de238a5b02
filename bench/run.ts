/** `npm run bench`: every benchmark in turn, then all figures with their targets. */
import { main as geofenceCoverage } from './geofenceCoverage';
import { main as ingest } from './ingest';
import { main as latency } from './latency';
import { main as lists } from './lists';
import { main as reports } from './reports';
import { printFigures, type Figure } from './support';
import { main as trackers } from './trackers';

const suites: [string, () => Promise<Figure[]>][] = [
  ['OsmAnd ingest throughput', ingest],
  ['Ingest-to-socket latency', latency],
  ['List response times', lists],
  ['Reports on a device-year', reports],
  ['Geofence coverage with 10,000 devices', geofenceCoverage],
  ['Hardware trackers at fleet scale', trackers],
];

const results: [string, Figure[]][] = [];
let failed = false;
for (const [title, run] of suites) {
  try {
    results.push([title, await run()]);
  } catch (error) {
    failed = true;
    console.error(`${title} failed:`, error instanceof Error ? error.message : error);
    results.push([title, []]);
  }
}
console.log('\n==== Summary ====');
for (const [title, figures] of results) {
  if (figures.length > 0) printFigures(title, figures);
  else console.log(`\n${title}\n  (failed)`);
}
process.exit(failed ? 1 : 0);
