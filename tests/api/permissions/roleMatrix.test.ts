/**
 * Runs the role × endpoint matrix (roleMatrix.table.ts) against the real server: every case of
 * every row, once per role, each a test of its own. The first test holds the table against the
 * routes the server registers, so a new route without a row fails the suite.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../support/routes';
import { MATRIX, rowKey, type Case, type Outcome, type Req } from './roleMatrix.table';
import { ROLES, World, type Role } from './roleMatrix.world';

const backends: ('sqlite' | 'postgres')[] = [
  'sqlite',
  ...(process.env.DATABASE_URL ? (['postgres'] as const) : []),
];

interface Answer {
  status: number;
  text: string;
}

const CASES = new Map<string, Case>(
  MATRIX.flatMap((row) =>
    row.cases.map((kase) => [`${rowKey(row.method, row.route)}#${kase.name}`, kase] as const),
  ),
);

async function openSocket(w: World, role: Role): Promise<Answer> {
  const client = w.client(role);
  const headers: Record<string, string> = client.cookies.size
    ? { cookie: client.cookieHeader() }
    : {};
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${w.url.replace(/^http/, 'ws')}/api/socket`, { headers });
    socket.once('open', () => {
      socket.close();
      resolve({ status: 101, text: '' });
    });
    socket.once('unexpected-response', (request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() });
      });
    });
    socket.once('error', reject);
  });
}

async function send(w: World, role: Role, req: Req): Promise<Answer> {
  if (req.websocket) return openSocket(w, role);
  const client = w.client(role);
  const headers = new Headers(req.accept ? { accept: req.accept } : {});
  let payload: RequestInit['body'];
  if (req.json !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(req.json);
  } else if (req.form) {
    payload = new URLSearchParams(req.form);
  } else if (req.file) {
    const form = new FormData();
    form.append('file', new Blob([req.file.bytes], { type: req.file.type }), req.file.name);
    payload = form;
  } else if (req.raw) {
    headers.set('content-type', req.raw.type);
    payload = req.raw.bytes;
  }
  const res = await client.request(req.path, {
    method: req.method ?? 'GET',
    headers,
    body: payload,
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const binary = (res.headers.get('content-type') ?? '').includes('spreadsheet');
  return { status: res.status, text: binary ? `<${bytes.length} bytes>` : bytes.toString() };
}

/** Traccar's error body: `<message> - <Kind>`. */
const TRACCAR_ERROR = /^\S.* - [A-Za-z]+Exception$/;

const OUTCOME_TEXT: Record<string, string> = {
  Y: 'allowed',
  N: 'refused (400 SecurityException)',
  K: 'kept (200 unchanged, or 400)',
};
const describeOutcome = (outcome: Outcome) => OUTCOME_TEXT[outcome] ?? String(outcome);

/** Why the answer does not match the outcome, or null when it does. */
function mismatch(outcome: Outcome, ok: number, answer: Answer): string | null {
  const { status } = answer;
  const text = answer.text.trim();
  const got = `got ${status} ${text.slice(0, 160)}`;
  if (status >= 500) return `server error: ${got}`;
  if (status >= 400 && !TRACCAR_ERROR.test(text)) return `not a Traccar-style error: ${got}`;
  switch (outcome) {
    case 'Y':
      return status === ok ? null : `expected ${ok}, ${got}`;
    case 'N':
      return status === 400 && text.endsWith(' - SecurityException')
        ? null
        : `expected a SecurityException refusal, ${got}`;
    case 'K':
      return status === 200 || status === 400 ? null : `expected 200 or 400, ${got}`;
    default:
      return status === outcome ? null : `expected ${outcome}, ${got}`;
  }
}

async function runCase(
  w: World,
  role: Role,
  kase: Case,
): Promise<{ answer: Answer; problem: string | null }> {
  const answer = await send(w, role, await kase.request(w, role));
  return { answer, problem: mismatch(kase.expect[role], kase.ok ?? 200, answer) };
}

/** Problems with an allowed list answer: own objects missing, others' objects shown. */
function listProblems(w: World, role: Role, kase: Case, answer: Answer): string[] {
  if (!kase.lists) return [];
  const { field = 'id', includes, excludes } = kase.lists(w, role);
  const items = JSON.parse(answer.text) as Record<string, unknown>[];
  const listed = new Set(items.map((item) => Number(item[field])));
  return [
    ...includes.filter((id) => !listed.has(id)).map((id) => `${field} ${id} (own) is not listed`),
    ...(role === 'admin' ? [] : excludes)
      .filter((id) => listed.has(id))
      .map((id) => `${field} ${id} (another account's) is listed`),
  ];
}

type Json = Record<string, unknown>;

/** Problems with a self-edit: protected values changed, or a probe no longer refused. */
async function keptProblems(w: World, role: Role, kase: Case, before: Json, after: Json) {
  const keeps = kase.keeps!;
  const problems: string[] = [];
  for (const field of keeps.fields) {
    if (JSON.stringify(after[field]) !== JSON.stringify(before[field])) {
      problems.push(
        `${field} changed: ${JSON.stringify(before[field])} → ${JSON.stringify(after[field])}`,
      );
    }
  }
  const was = (before.attributes ?? {}) as Json;
  const now = (after.attributes ?? {}) as Json;
  for (const key of keeps.attributes) {
    if (JSON.stringify(now[key]) !== JSON.stringify(was[key])) {
      problems.push(
        `attribute ${key} changed: ${JSON.stringify(was[key])} → ${JSON.stringify(now[key])}`,
      );
    }
  }
  for (const probe of keeps.probes) {
    const { problem } = await runCase(w, role, CASES.get(probe)!);
    if (problem) problems.push(`afterwards ${probe}: ${problem}`);
  }
  return problems;
}

describe('the role matrix', () => {
  it('has one row for every /api and /tarkan route the server registers, and none other', async () => {
    const routes = (await registeredRoutes()).map(({ method, url }) => rowKey(method, url));
    const keys = MATRIX.map((row) => rowKey(row.method, row.route));
    const table = new Set(keys);
    expect(
      routes.filter((route) => !table.has(route)),
      'routes without a matrix row',
    ).toEqual([]);
    expect(
      keys.filter((key) => !routes.includes(key)),
      'rows for no registered route',
    ).toEqual([]);
    expect(keys.length, 'rows listed twice').toBe(table.size);
  }, 60_000);

  it('names only existing cases as probes', () => {
    const probes = MATRIX.flatMap((row) => row.cases.flatMap((kase) => kase.keeps?.probes ?? []));
    expect(probes.filter((probe) => !CASES.has(probe))).toEqual([]);
  });
});

describe.each(backends)('role matrix on %s', (backend) => {
  let w: World;

  beforeAll(async () => {
    w = await World.start(backend);
  }, 180_000);
  afterAll(async () => {
    await w?.stop();
  });

  for (const row of MATRIX) {
    describe(rowKey(row.method, row.route), () => {
      for (const kase of row.cases) {
        describe(kase.name, () => {
          for (const role of ROLES) {
            const outcome = kase.expect[role];
            it(`${role}: ${describeOutcome(outcome)}`, async () => {
              const keeps = kase.keeps && outcome !== 401 ? kase.keeps : null;
              const targetId = keeps
                ? keeps.target === 'self'
                  ? w.userId(role)
                  : w.managedId(role)
                : 0;
              const before = keeps ? await w.userJson(targetId) : null;
              // Every problem of the cell in one message, so a failure reads as the cell's verdict.
              const problems: string[] = [];
              try {
                const { answer, problem } = await runCase(w, role, kase);
                if (problem) problems.push(problem);
                else if (outcome === 'Y') problems.push(...listProblems(w, role, kase, answer));
                if (!problem && before && outcome === 'K') {
                  const after = await w.userJson(targetId);
                  problems.push(...(await keptProblems(w, role, kase, before, after)));
                }
                expect(
                  problems.join('\n'),
                  `${rowKey(row.method, row.route)} [${kase.name}] as ${role}`,
                ).toBe('');
              } finally {
                if (before) await w.restoreUser(before);
                if (kase.endsSession) await w.signIn(role);
              }
            });
          }
        });
      }
    });
  }
});
