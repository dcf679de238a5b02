/**
 * A fetch wrapper with a cookie jar, standing in for a browser: it keeps `Set-Cookie` values and
 * sends them back. Enough for JSESSIONID; ignores domains and paths.
 */
export class Client {
  readonly cookies = new Map<string, string>();
  /** Raw `Set-Cookie` headers of the last response, for asserting flags. */
  lastSetCookie: string[] = [];

  constructor(readonly baseUrl: string) {}

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader());
    const res = await fetch(this.baseUrl + path, { ...init, headers, redirect: 'manual' });
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
