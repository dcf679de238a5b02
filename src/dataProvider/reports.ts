import { download, getJson, type TransferProgress } from './http';

export type { TransferProgress };

export interface ReportQuery {
  deviceIds: number[];
  groupIds: number[];
  from: Date;
  to: Date;
  daily?: boolean;
  /** Events report: the event types to keep; empty means every type. */
  eventTypes?: readonly string[];
  /**
   * The zone the screen shows times in: the spreadsheet's dates and file name use it too when
   * the user has no `timezone` preference of their own (the server knows that one already).
   */
  timeZone?: string;
  /** Geofence report: the geofences whose visits to list. */
  geofenceIds?: readonly number[];
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `/api/reports/<endpoint>[/<form>]?deviceId=1&deviceId=2&groupId=…&from=…&to=…`; `form` is `mail`
 * for the mailed spreadsheet.
 */
export const reportUrl = (endpoint: string, query: ReportQuery, form?: 'mail'): string => {
  const params = new URLSearchParams();
  query.deviceIds.forEach((id) => params.append('deviceId', String(id)));
  query.groupIds.forEach((id) => params.append('groupId', String(id)));
  params.set('from', query.from.toISOString());
  params.set('to', query.to.toISOString());
  if (query.timeZone) params.set('timezone', query.timeZone);
  if (endpoint === 'summary') params.set('daily', String(Boolean(query.daily)));
  if (endpoint === 'events') {
    const types = query.eventTypes?.length ? query.eventTypes : ['allEvents'];
    types.forEach((type) => params.append('type', type));
  }
  query.geofenceIds?.forEach((id) => params.append('geofenceId', String(id)));
  return `/api/reports/${endpoint}${form ? `/${form}` : ''}?${params}`;
};

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

export const reportMethods = {
  /**
   * One report's rows (`route`, `summary`, `trips`, `stops`, `events`); `onProgress` hears how
   * many have arrived while the answer is still coming.
   */
  getReport: <T>(
    endpoint: string,
    query: ReportQuery,
    signal?: AbortSignal,
    onProgress?: (progress: TransferProgress) => void,
  ): Promise<T[]> => getJson<T[]>(reportUrl(endpoint, query), { signal, onProgress }),

  /** The same report as a spreadsheet, with the file name the server gives it. */
  getReportSpreadsheet: async (
    endpoint: string,
    query: ReportQuery,
    signal?: AbortSignal,
    onProgress?: (progress: TransferProgress) => void,
  ): Promise<{ blob: Blob; name: string }> => {
    const { blob, disposition } = await download(reportUrl(endpoint, query), XLSX_TYPE, {
      signal,
      onProgress,
    });
    return { blob, name: filenameFrom(disposition, `${endpoint}.xlsx`) };
  },

  /** Asks the server to mail the report's spreadsheet to the signed-in user (204 at once). */
  mailReport: async (endpoint: string, query: ReportQuery): Promise<void> => {
    await getJson(reportUrl(endpoint, query, 'mail'));
  },
};
