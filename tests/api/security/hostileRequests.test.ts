/**
 * Every route the server registers, fed numbers and text no client should send: ids past what a
 * number holds, infinite ones, NUL characters, in the path, the query and a JSON body. Each is a
 * client's mistake, so each answer is a 4xx in Traccar's shape and nothing is logged as a failure
 * of the server. On PostgreSQL (`DATABASE_URL`) such values used to reach the database and
 * answer 500 on every entity route; a route added later without bounds fails here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiFixtureForFile } from '../../support/entityApi';
import { registeredRoutes, type RegisteredRoute } from '../../support/routes';

let routes: RegisteredRoute[];
beforeAll(async () => {
  routes = await registeredRoutes();
}, 120_000);
const f = apiFixtureForFile({ OSMAND_PORT: '0', LICENSE_MODE: 'plus' });

const HUGE = '99999999999999999999';
const PATH_VALUES = [HUGE, '1e309', '1%00'];
const QUERY = `?id=${HUGE}&deviceId=${HUGE}&groupId=1e309&userId=${HUGE}&uniqueId=a%00b`;
const BODY = `{"id":${HUGE},"deviceId":${HUGE},"groupId":${HUGE},"userId":${HUGE},"name":"a\\u0000b"}`;

/** Requests that would end the administrator's own session mid-run. */
const LEFT_OUT = new Set(['DELETE /api/session']);

interface Answer {
  request: string;
  status: number;
  text: string;
}

describe('hostile numbers and text on every route', () => {
  it('answer a 4xx in Traccar\u2019s shape, and the server logs no failure', async () => {
    const errorsBefore = f.server.lines.filter((line) => line.includes('"level":50')).length;
    const answers: Answer[] = [];
    for (const { method, url } of routes) {
      if (LEFT_OUT.has(`${method} ${url}`) || url === '/api/socket') continue;
      const paths = url.includes(':')
        ? PATH_VALUES.map((value) => url.replace(/:[A-Za-z]+/g, value))
        : [url];
      for (const path of paths) {
        for (const query of ['', QUERY]) {
          const request = `${method} ${path}${query}`;
          const res = await f.admin.request(`${path}${query}`, {
            method,
            ...(method === 'GET' || method === 'DELETE'
              ? {}
              : { headers: { 'content-type': 'application/json' }, body: BODY }),
          });
          answers.push({ request, status: res.status, text: await res.text() });
        }
      }
    }
    expect(answers.length).toBeGreaterThan(500);
    expect(answers.filter((a) => a.status >= 500).map((a) => `${a.request} → ${a.text}`)).toEqual(
      [],
    );
    // Refusals carry Traccar's `<message> - <Kind>` body (a 404 of an unknown path included).
    expect(
      answers
        .filter((a) => a.status === 400 && !/ - [A-Za-z]+$/.test(a.text))
        .map((a) => `${a.request} → ${a.text}`),
    ).toEqual([]);
    expect((await f.admin.get('/api/server')).status).toBe(200);
    expect(f.server.lines.filter((line) => line.includes('"level":50')).length).toBe(errorsBefore);
  }, 120_000);
});
