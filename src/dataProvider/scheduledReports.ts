import type { ScheduledReport } from '../../model/report';
import { request } from './http';

/**
 * Scheduling a report as traccar-web does: create the report (the server links its creator, who
 * receives it), then link its devices and groups in one bulk call each.
 */
export const scheduledReportMethods = {
  scheduleReport: async (
    report: Omit<ScheduledReport, 'id'>,
    deviceIds: readonly number[],
    groupIds: readonly number[],
  ): Promise<ScheduledReport> => {
    const { body: saved } = await request<ScheduledReport>('/api/reports', {
      method: 'POST',
      json: { id: 0, ...report },
    });
    const links = [
      ...deviceIds.map((deviceId) => ({ deviceId, reportId: saved.id })),
      ...groupIds.map((groupId) => ({ groupId, reportId: saved.id })),
    ];
    try {
      // Each bulk call names one pair of keys, so devices and groups go separately.
      for (const key of ['deviceId', 'groupId'] as const) {
        const bodies = links.filter((body) => key in body);
        if (bodies.length > 0) {
          await request('/api/permissions/bulk', { method: 'POST', json: bodies });
        }
      }
    } catch (error) {
      // A report without its devices would cover every device the user sees: take it back.
      await request(`/api/reports/${saved.id}`, { method: 'DELETE' }).catch(() => undefined);
      throw error;
    }
    return saved;
  },
};
