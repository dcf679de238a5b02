/** What the API answers about a tracker after it spoke: its status and its recent events. */
import type { Client } from '../../support/http';

export async function deviceStatus(admin: Client, deviceId: number): Promise<string> {
  const res = await admin.get(`/api/devices?id=${deviceId}`);
  return ((await res.json()) as { status: string }[])[0].status;
}

/** The device's events of `type` within an hour either side of now. */
export async function recentEvents(admin: Client, deviceId: number, type: string) {
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 3_600_000).toISOString();
  const res = await admin.request(
    `/api/reports/events?deviceId=${deviceId}&type=${type}&from=${from}&to=${to}`,
    { headers: { accept: 'application/json' } },
  );
  return (await res.json()) as { type: string; attributes: Record<string, unknown> }[];
}
