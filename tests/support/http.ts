import http from 'node:http';

interface ClientOptions {
  /**
   * Source address of the connection, so a test can play a client at another address: on Linux
   * every 127.x.y.z reaches a server listening on 127.0.0.1.
   */
  localAddress?: string;
  /**
   * The `Host` every request names, as a browser on that domain would (its `Origin` follows), so
   * a test can play a client on a reseller's domain while connecting to the test server.
   */
  host?: string;
}

/** What fetch cannot do: a chosen source address or `Host` header. Same result type as fetch. */
function nodeRequest(url: string, init: RequestInit, headers: Headers, localAddress?: string) {
  return new Promise<Response>((resolve, reject) => {
    const request = http.request(
      url,
      { method: init.method ?? 'GET', headers: Object.fromEntries(headers), localAddress },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of Array.isArray(value) ? value : [value ?? '']) out.append(name, one);
          }
          const empty = response.statusCode === 204 || response.statusCode === 304;
          resolve(
            new Response(empty ? null : Buffer.concat(chunks), {
              status: response.statusCode,
              headers: out,
            }),
          );
        });
      },
    );
    request.on('error', reject);
    const { body } = init;
    if (body instanceof URLSearchParams) {
      request.setHeader('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
      request.end(body.toString());
    } else if (typeof body === 'string') request.end(body);
    else if (body == null) request.end();
    else reject(new Error('nodeRequest sends only string and form bodies'));
  });
}

/**
 * A fetch wrapper with a cookie jar, standing in for a browser: it keeps `Set-Cookie` values and
 * sends them back, and like a browser it sends its own `Origin` on every request but GET and HEAD
 * (unless the caller gives one). Enough for JSESSIONID; ignores domains and paths.
 */
export class Client {
  readonly cookies = new Map<string, string>();
  /** Raw `Set-Cookie` headers of the last response, for asserting flags. */
  lastSetCookie: string[] = [];

  constructor(
    readonly baseUrl: string,
    private readonly options: ClientOptions = {},
  ) {}

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader());
    const { host } = this.options;
    if (host !== undefined && !headers.has('host')) headers.set('host', host);
    const method = (init.method ?? 'GET').toUpperCase();
    if (!['GET', 'HEAD'].includes(method) && !headers.has('origin')) {
      headers.set('origin', host !== undefined ? `http://${host}` : new URL(this.baseUrl).origin);
    }
    const res =
      this.options.localAddress !== undefined || headers.has('host')
        ? await nodeRequest(this.baseUrl + path, init, headers, this.options.localAddress)
        : await fetch(this.baseUrl + path, { ...init, headers, redirect: 'manual' });
    this.lastSetCookie = res.headers.getSetCookie();
    for (const line of this.lastSetCookie) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get(path: string): Promise<Response> {
    return this.request(path);
  }

  /** `application/x-www-form-urlencoded`, as the web app sends session calls. */
  form(path: string, fields: Record<string, string>, method = 'POST'): Promise<Response> {
    return this.request(path, { method, body: new URLSearchParams(fields) });
  }

  json(path: string, body: unknown, method = 'POST'): Promise<Response> {
    return this.request(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  delete(path: string): Promise<Response> {
    return this.request(path, { method: 'DELETE' });
  }

  /** Signs in; throws unless the server answers 200. */
  async login(email: string, password: string): Promise<Record<string, unknown>> {
    const res = await this.form('/api/session', { email, password });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
