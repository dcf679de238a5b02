/**
 * Starts the REAL Frota server as a child process, for API and end-to-end tests.
 *
 *   const server = await startServer({ env: { SMTP_URL: '…' } });
 *   await fetch(`${server.url}/api/health`);
 *   await server.restart();           // same port, same DATA_DIR: persistence checks
 *   await server.kill();              // SIGKILL, as a crash would
 *   await server.waitForLine(/password reset link/);
 *   await server.stop();              // also removes the temporary DATA_DIR
 *
 * Each server gets a free port, a fresh `mkdtemp` DATA_DIR (unless one is given), DEMO_DEVICES=0,
 * its own OSMAND_PORT and the hardware protocols' ports off (`devicePort` reads one a test turned
 * on with `0`), so several can run side by side. Frota's own environment variables
 * from the calling process (e.g. DATABASE_URL) are NOT inherited: pass them in `env` explicitly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/freePort.mjs';
import { portVariable } from '../../server/config';
import { DEVICE_PROTOCOLS } from '../../server/protocol';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const TEST_ADMIN = { email: 'admin@frota.test', password: 'admin-secret-1' };

const FROTA_VARS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'WEB_DIR',
  'LOG_LEVEL',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'DATABASE_URL',
  'SMTP_URL',
  'SMTP_FROM',
  'DEMO_DEVICES',
  'OSMAND_PORT',
  'TRACCAR_URL',
  'REDIS_URL',
  'LICENSE_MODE',
  'CSP_POLICY',
  'CSP_EXTRA_ORIGINS',
  'MAX_FIX_AGE_DAYS',
  'POSITIONS_RETENTION_DAYS',
  'PUBLIC_URL',
  'TRUST_PROXY',
  'METRICS_TOKEN',
  'ACCESS_LOG',
  'DATABASE_POOL_MAX',
  'DATABASE_POOL_IDLE_TIMEOUT_MS',
  'DATABASE_CONNECT_TIMEOUT_MS',
  'DATABASE_STATEMENT_TIMEOUT_MS',
  'REDIS_SENTINELS',
  'REDIS_SENTINEL_NAME',
  'REDIS_SENTINEL_PASSWORD',
  'DRAIN_TIMEOUT_MS',
  'MIGRATE_ON_START',
  ...DEVICE_PROTOCOLS.map((protocol) => portVariable(protocol.name)),
];

/**
 * The hardware protocols' ports are off unless a test asks for one (`GT06_PORT: '0'`), so servers
 * running side by side never fight over Traccar's fixed port numbers.
 */
const DEVICE_PORTS_OFF = Object.fromEntries(
  DEVICE_PROTOCOLS.map((protocol) => [portVariable(protocol.name), 'off']),
);

export interface ServerOptions {
  /** Extra or overriding environment (DATABASE_URL, SMTP_URL, WEB_DIR, …). */
  env?: Record<string, string>;
  /** Reuse a data directory (it is then not deleted on stop). Default: a new temp dir. */
  dataDir?: string;
  /**
   * First administrator. Default TEST_ADMIN; `null` leaves ADMIN_EMAIL/ADMIN_PASSWORD unset
   * so the server generates and prints a password.
   */
  admin?: { email: string; password: string } | null;
  /** How long to wait for `/api/health`. Default 30 s. */
  startTimeoutMs?: number;
  /** Where the HTTP and OsmAnd ports come from when `env` does not set them. Default freePort. */
  ports?: () => Promise<number>;
  /**
   * Node's arguments, from the repository root. Default: the TypeScript sources through tsx;
   * e.g. `['build/server/main.js']` runs a compiled server.
   */
  nodeArgs?: string[];
}

const FROM_SOURCES = ['--import', 'tsx', 'server/main.ts'];

/** Every port handed out here is distinct within the process (see scripts/freePort.mjs). */
export { freePort };

/** The line that names the port the OsmAnd listener took (`server/main.ts`). */
const OSMAND_LINE = /osmand listening on port (\d+)/;

/** The line that names the port a hardware protocol took (`server/main.ts`). */
const devicePortLine = (protocol: string) => new RegExp(`\\b${protocol} listening on port (\\d+)`);

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class TestServer {
  /** Every stdout/stderr line since the first start, across restarts. */
  readonly lines: string[] = [];
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);
  private listeners: (() => void)[] = [];

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly ownsDataDir: boolean,
    readonly env: Record<string, string>,
    private readonly startTimeoutMs: number,
    private readonly nodeArgs: string[],
  ) {}

  static async start(options: ServerOptions = {}): Promise<TestServer> {
    const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'frota-test-')));
    const admin = options.admin === undefined ? TEST_ADMIN : options.admin;
    // Another test process may take a port between its probe and this server's bind: ports
    // picked here are then picked again, a few times, before the start counts as failed.
    const picksPorts = options.env?.PORT === undefined;
    const nextPort = options.ports ?? freePort;
    for (let attempt = 1; ; attempt++) {
      const port = picksPorts ? await nextPort() : Number(options.env?.PORT);
      const env: Record<string, string> = {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DEVICES: '0',
        OSMAND_PORT: String(await nextPort()),
        ...DEVICE_PORTS_OFF,
        ...(admin ? { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } : {}),
        ...options.env,
      };
      const server = new TestServer(
        port,
        dataDir,
        options.dataDir === undefined,
        env,
        options.startTimeoutMs ?? 30_000,
        options.nodeArgs ?? FROM_SOURCES,
      );
      try {
        await server.launch();
        return server;
      } catch (error) {
        const portTaken = server.output.includes('EADDRINUSE');
        if (!picksPorts || !portTaken || attempt === 3) throw error;
      }
    }
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  /**
   * The OsmAnd listener's port: the one the server logged (`osmand listening on port N`, which
   * covers OSMAND_PORT=0), else the OSMAND_PORT it was given.
   */
  get osmandPort(): number {
    for (let i = this.lines.length - 1; i >= 0; i--) {
      const match = OSMAND_LINE.exec(this.lines[i]);
      if (match) return Number(match[1]);
    }
    return Number(this.env.OSMAND_PORT);
  }

  /**
   * The port a hardware protocol listens on: the one the server logged (`gt06 listening on port
   * N`, which covers `GT06_PORT=0`), else the number it was given.
   */
  devicePort(protocol: string): number {
    const line = devicePortLine(protocol);
    for (let i = this.lines.length - 1; i >= 0; i--) {
      const match = line.exec(this.lines[i]);
      if (match) return Number(match[1]);
    }
    return Number(this.env[portVariable(protocol)]);
  }

  /** The server process's id while it runs (benchmarks read its CPU time). */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Text of all output so far. */
  get output(): string {
    return this.lines.join('\n');
  }

  /**
   * Resolves with the first line (past or future) matching `pattern`, among the lines from index
   * `from` on (0: all of them since the first start).
   */
  async waitForLine(pattern: RegExp, timeoutMs = 10_000, from = 0): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = this.lines.slice(from).find((l) => pattern.test(l));
      if (line !== undefined) return line;
      if (Date.now() > deadline)
        throw new Error(`no output line matched ${pattern}\n${this.output}`);
      await new Promise<void>((resolve) => {
        this.listeners.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  /**
   * Stops with SIGTERM (SIGKILL after 20 s, past the server's own drain bound) and resolves with
   * the exit code (null when it was killed). Keeps the data dir for `restart`.
   */
  async halt(): Promise<number | null> {
    const child = this.child;
    if (!child) return null;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await this.exited;
    clearTimeout(timer);
    this.child = null;
    return code;
  }

  /** Kills the process at once (SIGKILL: no shutdown at all, as a crash or a lost machine). */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGKILL');
    await this.exited;
    this.child = null;
  }

  /** Stops the process and starts it again on the same port and DATA_DIR. */
  async restart(): Promise<void> {
    await this.halt();
    await this.launch();
  }

  /** Starts a halted server again with the same ports and environment. */
  async relaunch(): Promise<void> {
    if (this.child) throw new Error('the server is running');
    await this.launch();
  }

  /** Stops the process and deletes the temporary DATA_DIR it created. */
  async stop(): Promise<void> {
    await this.halt();
    if (this.ownsDataDir) await rm(this.dataDir, { recursive: true, force: true });
  }

  private capture(stream: NodeJS.ReadableStream | null): void {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      this.lines.push(...parts);
      const waiting = this.listeners;
      this.listeners = [];
      waiting.forEach((wake) => wake());
    });
  }

  private async launch(): Promise<void> {
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !FROTA_VARS.includes(key)),
    );
    const child = spawn(process.execPath, this.nodeArgs, {
      cwd: REPO_ROOT,
      env: { ...inherited, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    this.capture(child.stdout);
    this.capture(child.stderr);

    const deadline = Date.now() + this.startTimeoutMs;
    const firstLine = this.lines.length;
    let exitCode: number | null | undefined;
    void this.exited.then((code) => (exitCode = code));
    while (Date.now() < deadline) {
      if (exitCode !== undefined) {
        this.child = null;
        throw new Error(`server exited with code ${exitCode} during start\n${this.output}`);
      }
      try {
        // Bounded: whatever else holds the port may accept and never answer.
        const res = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) {
          // A listener on OSMAND_PORT=0 is known by its log line (`osmandPort`). The server logs
          // it before the web port opens, but the logger writes asynchronously, so on a busy
          // machine the line may arrive after the health answer: wait for this start's line.
          if (this.env.OSMAND_PORT === '0' && !this.env.TRACCAR_URL) {
            await this.waitForLine(OSMAND_LINE, deadline - Date.now(), firstLine);
          }
          for (const { name } of DEVICE_PROTOCOLS) {
            if (this.env[portVariable(name)] === '0' && !this.env.TRACCAR_URL) {
              await this.waitForLine(devicePortLine(name), deadline - Date.now(), firstLine);
            }
          }
          return;
        }
      } catch {
        // Not listening yet.
      }
      await delay(100);
    }
    await this.halt();
    throw new Error(`server did not become healthy in ${this.startTimeoutMs} ms\n${this.output}`);
  }
}

export const startServer = (options?: ServerOptions) => TestServer.start(options);
