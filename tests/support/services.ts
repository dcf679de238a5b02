/**
 * Real PostgreSQL and Redis servers for the cluster tests, each started on a free port in a
 * temporary directory (and removed afterwards). `TestRedis` can be stopped and started again on
 * the same port, for the tests of a Redis restart.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort } from './server';

/** Whether a PostgreSQL server answers at `url`. */
export async function postgresAnswers(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether a Redis server answers at `url`. */
export async function redisAnswers(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export class TestRedis {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<TestRedis> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'frota-redis-'));
    const redis = new TestRedis(await freePort(), dir);
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Starts (again) on the same port; settles once it accepts connections. */
  async start(): Promise<void> {
    if (this.child) return;
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', ''],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    this.exited = new Promise((resolve) => child.on('exit', () => resolve()));
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start\n${output}`)),
        15_000,
      );
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}\n${output}`));
      });
    });
  }

  /** Stops the server (its data goes with it, as `--save ''` keeps nothing). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGKILL');
    await this.exited;
    this.child = null;
  }

  async remove(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** `initdb`/`pg_ctl` from PATH, else from Debian's versioned folder. */
function postgresBin(name: string): string {
  if (spawnSync('sh', ['-c', `command -v ${name}`]).status === 0) return name;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} not found: install PostgreSQL`);
}

/** A throwaway PostgreSQL server (trust authentication, superuser `root`) on a free port. */
export class TestPostgres {
  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly asRoot: boolean,
  ) {}

  static async start(): Promise<TestPostgres> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'frota-pg-'));
    // PostgreSQL refuses to run as root: as root, the server runs as Debian's `postgres` user.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      const user = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
      await chown(dir, Number(user.stdout.trim()), Number(group.stdout.trim()));
    }
    await chmod(dir, 0o700);
    const server = new TestPostgres(await freePort(), dir, asRoot);
    const data = path.join(dir, 'data');
    server.run(postgresBin('initdb'), ['-D', data, '-U', 'root', '-A', 'trust', '--no-sync']);
    server.run(postgresBin('pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${server.port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
    return server;
  }

  /** An administrative URL (database `postgres`), on which tests create their databases. */
  get url(): string {
    return `postgres://root@127.0.0.1:${this.port}/postgres`;
  }

  async remove(): Promise<void> {
    this.run(postgresBin('pg_ctl'), ['-D', path.join(this.dir, 'data'), '-m', 'immediate', 'stop']);
    await rm(this.dir, { recursive: true, force: true });
  }

  private run(command: string, args: string[]): void {
    const [program, argv] = this.asRoot
      ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
    const result = spawnSync(program, argv, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
    }
  }
}
