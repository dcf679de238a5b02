/**
 * Local test doubles for billing: an Asaas-compatible payment API (customers and payments, the
 * calls Frota makes) and a receiver for the invoice integration's signed webhooks.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface TestPaymentApi {
  /** Value for PAYMENT_API_URL. */
  url: string;
  token: string;
  requests: RecordedRequest[];
  customers: { id: string; name: string; email: string; cpfCnpj: string }[];
  payments: Map<string, { status: string; value: number; dueDate: string; customer: string }>;
  /** The next call answers this status with an Asaas-style error. */
  failNext(status: number, description: string): void;
  close(): Promise<void>;
}

function readBody(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? (JSON.parse(text) as unknown) : null);
      } catch {
        resolve(text);
      }
    });
  });
}

export async function startPaymentApi(token = 'asaas-test-token'): Promise<TestPaymentApi> {
  const requests: RecordedRequest[] = [];
  const customers: TestPaymentApi['customers'] = [];
  const payments: TestPaymentApi['payments'] = new Map();
  let failure: { status: number; description: string } | null = null;
  let seq = 0;

  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://localhost');
      requests.push({
        method: req.method ?? '',
        path: url.pathname + url.search,
        headers: req.headers,
        body,
      });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.access_token !== token)
        return send(401, { errors: [{ description: 'invalid token' }] });
      if (failure) {
        const { status, description } = failure;
        failure = null;
        return send(status, { errors: [{ code: 'invalid', description }] });
      }
      const input = (body ?? {}) as Record<string, unknown>;
      const paymentMatch = /^\/payments\/([^/]+)(\/receiveInCash)?$/.exec(url.pathname);
      if (req.method === 'GET' && url.pathname === '/customers') {
        const cpfCnpj = url.searchParams.get('cpfCnpj');
        return send(200, { data: customers.filter((c) => c.cpfCnpj === cpfCnpj) });
      }
      if (req.method === 'POST' && url.pathname === '/customers') {
        seq += 1;
        const customer = {
          id: `cus_${seq}`,
          name: String(input.name),
          email: String(input.email),
          cpfCnpj: String(input.cpfCnpj),
        };
        customers.push(customer);
        return send(200, customer);
      }
      if (req.method === 'POST' && url.pathname === '/payments') {
        seq += 1;
        const id = `pay_${seq}`;
        payments.set(id, {
          status: 'PENDING',
          value: Number(input.value),
          dueDate: String(input.dueDate),
          customer: String(input.customer),
        });
        return send(200, { id, status: 'PENDING', invoiceUrl: `https://pay.example.test/i/${id}` });
      }
      if (paymentMatch && payments.has(paymentMatch[1])) {
        const payment = payments.get(paymentMatch[1])!;
        if (req.method === 'DELETE' && !paymentMatch[2]) {
          payments.delete(paymentMatch[1]);
          return send(200, { deleted: true, id: paymentMatch[1] });
        }
        if (req.method === 'POST' && paymentMatch[2]) {
          payment.status = 'RECEIVED_IN_CASH';
          return send(200, { id: paymentMatch[1], status: payment.status });
        }
      }
      return send(404, { errors: [{ description: 'not found' }] });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    customers,
    payments,
    failNext(status, description) {
      failure = { status, description };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface TestHookReceiver {
  url: string;
  received: { headers: http.IncomingHttpHeaders; raw: string }[];
  /** Answers every request with this status (default 200). */
  status: number;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startHookReceiver(): Promise<TestHookReceiver> {
  const received: TestHookReceiver['received'] = [];
  const receiver = { status: 200 } as { status: number };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(receiver.status);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    get status() {
      return receiver.status;
    },
    set status(value: number) {
      receiver.status = value;
    },
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} hook(s), got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
