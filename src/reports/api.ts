import { getJson, HttpError, timeoutFor } from '../dataProvider/http';

/** The report views (route segments) and the server report each one calls. */
export const REPORT_VIEWS = ['resume', 'travels', 'stops', 'events', 'history'] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];

export const ENDPOINT: Record<ReportView, string> = {
  resume: 'summary',
  travels: 'trips',
  stops: 'stops',
  events: 'events',
  history: 'route',
};

export interface ReportQuery {
  deviceIds: number[];
  groupIds: number[];
  from: Date;
  to: Date;
  daily?: boolean;
  /** Events report: the event types to keep; empty means every type. */
  eventTypes?: readonly string[];
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `/api/reports/<endpoint>?deviceId=1&deviceId=2&groupId=…&from=…&to=…` */
export const reportUrl = (endpoint: string, query: ReportQuery): string => {
  const params = new URLSearchParams();
  query.deviceIds.forEach((id) => params.append('deviceId', String(id)));
  query.groupIds.forEach((id) => params.append('groupId', String(id)));
  params.set('from', query.from.toISOString());
  params.set('to', query.to.toISOString());
  if (endpoint === 'summary') params.set('daily', String(Boolean(query.daily)));
  if (endpoint === 'events') {
    const types = query.eventTypes?.length ? query.eventTypes : ['allEvents'];
    types.forEach((type) => params.append('type', type));
  }
  return `/api/reports/${endpoint}?${params}`;
};

export const fetchReport = <T>(endpoint: string, query: ReportQuery, signal?: AbortSignal) =>
  getJson<T[]>(reportUrl(endpoint, query), { signal });

/** `attachment; filename="trips.xlsx"` or RFC 5987 `filename*=UTF-8''…`. */
export const filenameFrom = (disposition: string | null, fallback: string): string => {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = plain ? (plain[2] ?? plain[1]).trim() : '';
  return name || fallback;
};

/** Fetches the same report as a spreadsheet and saves it under the server's file name. */
export const exportReport = async (endpoint: string, query: ReportQuery): Promise<string> => {
  const url = reportUrl(endpoint, query);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutFor(url));
  try {
    const response = await fetch(url, {
      headers: { Accept: XLSX_TYPE },
      credentials: 'include',
      signal: controller.signal,
    });
    if (response.status >= 400) {
      const text = await response.text();
      throw new HttpError(text.split('\n')[0] || response.statusText, response.status, text);
    }
    const blob = await response.blob();
    const name = filenameFrom(response.headers.get('content-disposition'), `${endpoint}.xlsx`);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    return name;
  } finally {
    clearTimeout(timer);
  }
};
