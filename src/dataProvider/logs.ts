import { request } from './http';

export interface AuditLog {
  id: number;
  time: number;
  userId: number | null;
  sesId: string | null;
  serverIp: string | null;
  serverHost: string | null;
  username: string | null;
  userIp: string | null;
  userAgent: string | null;
  log: {
    code: string;
    object: Record<string, number>;
    objectType?: string | null;
    status: number;
    data?: unknown;
    old?: unknown;
    command?: unknown;
  };
  created_at: string;
  updated_at: string;
}

export type LogsScope = { kind: 'server' } | { kind: 'users' | 'devices'; id: number };

interface PageRequest {
  offset: number;
  limit: number;
  q?: string;
}

const logsPath = (scope: LogsScope): string =>
  scope.kind === 'server' ? '/tarkan/server/logs' : `/tarkan/${scope.kind}/${scope.id}/logs`;

export const logMethods = {
  /** One page of audit records, newest first, with the total the server counted. */
  getAuditLogs: async (
    scope: LogsScope,
    page: PageRequest,
    signal?: AbortSignal,
  ): Promise<{ rows: AuditLog[]; total: number }> => {
    const response = await request<AuditLog[]>(logsPath(scope), {
      query: { offset: page.offset, limit: page.limit, q: page.q || undefined },
      signal,
    });
    return {
      rows: response.body,
      total: Number(response.headers.get('x-total-count') ?? response.body.length),
    };
  },
};
