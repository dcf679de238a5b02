/**
 * Geofence coverage with 10,000 devices: GET /tarkan/geofences/coverage (each geofence's devices,
 * directly and through nested groups) as the fleet's own user, whose visibility is computed, and
 * as the administrator, timed to the last byte over several runs. The same answer the Traccar way
 * would be one GET /api/geofences per device and per group.
 */
import type { GeofenceCoverage } from '../model';
import { Client } from '../tests/support/http';
import {
  adminClient,
  log,
  printFigures,
  responseFigures,
  runIfMain,
  startBenchServer,
  stopBenchServer,
  timeGets,
  type Figure,
} from './support';

const TARGET_MS = 300;

async function created(client: Client, path: string, body: unknown): Promise<number> {
  const res = await client.json(path, body);
  if (res.status !== 200) throw new Error(`POST ${path}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

async function linkAll(client: Client, links: Record<string, number>[]): Promise<void> {
  for (let from = 0; from < links.length; from += 500) {
    const res = await client.json('/api/permissions/bulk', links.slice(from, from + 500));
    if (res.status !== 204) throw new Error(`links: HTTP ${res.status} ${await res.text()}`);
  }
}

export async function geofenceCoverageBench(
  deviceCount = 10_000,
  geofenceCount = 200,
  runs = 15,
): Promise<Figure[]> {
  const server = await startBenchServer();
  try {
    const admin = await adminClient(server);
    const email = `fleet-${Date.now()}@bench.test`;
    await created(admin, '/api/users', { name: 'Fleet', email, password: 'fleet-pass' });
    const user = new Client(server.url);
    await user.login(email, 'fleet-pass');

    // 20 regions, each with two nested levels below it: devices sit at every level.
    const groups: number[] = [];
    for (let region = 0; region < 20; region++) {
      const top = await created(user, '/api/groups', { name: `Region ${region}` });
      const mid = await created(user, '/api/groups', { name: `Area ${region}`, groupId: top });
      const leaf = await created(user, '/api/groups', { name: `Base ${region}`, groupId: mid });
      groups.push(top, mid, leaf);
    }
    const devices: number[] = new Array(deviceCount);
    let next = 0;
    const deadline = Date.now() + 10 * 60_000;
    const worker = async () => {
      while (next < deviceCount) {
        if (Date.now() > deadline) throw new Error('device creation took over 10 minutes');
        const i = next++;
        devices[i] = await created(user, '/api/devices', {
          name: `Vehicle ${i}`,
          uniqueId: `cov-${String(i).padStart(6, '0')}`,
          groupId: i % 4 === 3 ? 0 : groups[i % groups.length],
        });
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    const geofences: number[] = [];
    for (let i = 0; i < geofenceCount; i++) {
      geofences.push(
        await created(user, '/api/geofences', {
          name: `Zone ${i}`,
          area: `CIRCLE (${(-23.5 - i * 0.001).toFixed(4)} -46.6, 300)`,
        }),
      );
    }
    // Half the geofences on a group, the other half on 20 devices each.
    // (A bulk request takes one kind of link.)
    const groupLinks: Record<string, number>[] = [];
    const deviceLinks: Record<string, number>[] = [];
    geofences.forEach((geofenceId, i) => {
      if (i % 2 === 0) groupLinks.push({ groupId: groups[i % groups.length], geofenceId });
      else {
        for (let k = 0; k < 20; k++) {
          deviceLinks.push({ deviceId: devices[(i * 37 + k * 101) % deviceCount], geofenceId });
        }
      }
    });
    await linkAll(user, groupLinks);
    await linkAll(user, deviceLinks);
    const links = [...groupLinks, ...deviceLinks];
    log(
      `${deviceCount} devices, ${groups.length} groups, ${geofenceCount} geofences, ${links.length} links`,
    );

    const figures: Figure[] = [];
    for (const [who, client] of [
      ['user', user],
      ['admin', admin],
    ] as const) {
      const { times, body } = await timeGets(client, '/tarkan/geofences/coverage', runs);
      const pairs = (JSON.parse(body) as GeofenceCoverage[]).reduce(
        (sum, row) => sum + row.deviceIds.length,
        0,
      );
      figures.push(
        ...responseFigures(
          `coverage as ${who}`,
          times,
          TARGET_MS,
          `${pairs} geofence-device pairs`,
        ),
      );
    }
    return figures;
  } finally {
    await stopBenchServer(server);
  }
}

export async function main(): Promise<Figure[]> {
  const figures = await geofenceCoverageBench();
  printFigures('Geofence coverage with 10,000 devices', figures);
  return figures;
}

runIfMain(import.meta.url, main);
