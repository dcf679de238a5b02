import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { encodePerms, type PermName } from '../../../model';
import {
  create,
  link,
  makeUser,
  apiFixtureForFile,
  withAdvancedPerms,
} from '../../support/entityApi';
import { poller } from '../../support/waitFor';

/**
 * The events screen's notifications: a scheduled one fires when its calendar's event starts
 * (stored event, web copy on the socket, saved command queued), once per occurrence; writing
 * scheduled or command notifications needs the events bits.
 */

const f = apiFixtureForFile({ LICENSE_MODE: 'plus' });

const stamp = (time: number) =>
  new Date(time)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A base64 iCalendar with one event from `start` to an hour later. */
function calendarData(start: number): string {
  const text = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Frota//test//EN',
    'BEGIN:VEVENT',
    `UID:scheduled-${start}@frota.test`,
    `DTSTAMP:${stamp(start)}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(start + 3_600_000)}`,
    'SUMMARY:Scheduled',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  return Buffer.from(text, 'utf8').toString('base64');
}

const waitFor = poller(10_000);

const scheduledEvents = (deviceId: number) =>
  f.db.kysely
    .selectFrom('events')
    .select(['type', 'deviceId', 'attributes'])
    .where('deviceId', '=', deviceId)
    .where('type', '=', 'scheduled')
    .execute();

let uniqueCounter = 0;
const device = (name: string) =>
  create(f.admin, '/api/devices', { name, uniqueId: `sched-${Date.now()}-${++uniqueCounter}` });

describe('scheduled notifications', () => {
  it('fire when their calendar event starts: stored event, web toast and saved command', async () => {
    const socket = new WebSocket(f.server.wsUrl + '/api/socket', {
      headers: { cookie: f.admin.cookieHeader() },
    });
    const messages: string[] = [];
    socket.on('message', (data) => messages.push(String(data)));
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    try {
      const truck = await device('Truck');
      const calendar = await create(f.admin, '/api/calendars', {
        name: 'Now',
        data: calendarData(Date.now() - 5_000),
      });
      const command = await create(f.admin, '/api/commands', {
        description: 'Cut engine',
        type: 'custom',
        attributes: { data: 'STOP' },
      });
      const notification = await create(f.admin, '/api/notifications', {
        type: 'scheduled',
        notificators: 'web,command',
        calendarId: calendar.id,
        commandId: command.id,
        always: false,
        attributes: {},
      });
      await link(f.admin, { deviceId: truck.id, notificationId: notification.id });

      const toast = await waitFor(() =>
        messages
          .map((text) => JSON.parse(text) as { events?: Record<string, unknown>[] })
          .flatMap((message) => message.events ?? [])
          .find((event) => event.type === 'scheduled' && event.deviceId === truck.id),
      );
      expect(toast.attributes).toMatchObject({ notificationId: notification.id });

      const stored = await scheduledEvents(truck.id);
      expect(stored).toHaveLength(1);
      const queued = await waitFor(async () => {
        const rows = await f.db.kysely
          .selectFrom('queuedCommands')
          .select(['type', 'attributes'])
          .where('deviceId', '=', truck.id)
          .execute();
        return rows.length > 0 ? rows : undefined;
      });
      expect(queued).toHaveLength(1);
      expect(queued[0].type).toBe('custom');
      expect(JSON.parse(String(queued[0].attributes))).toMatchObject({ data: 'STOP' });

      // Another change runs the scheduler again: the same occurrence does not fire twice.
      const again = await f.admin.json(
        `/api/notifications/${notification.id}`,
        { ...notification, description: 'Nightly cut' },
        'PUT',
      );
      expect(again.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await scheduledEvents(truck.id)).toHaveLength(1);
    } finally {
      socket.close();
    }
  });

  it('do not fire for a calendar whose event starts later', async () => {
    const van = await device('Van');
    const calendar = await create(f.admin, '/api/calendars', {
      name: 'Later',
      data: calendarData(Date.now() + 3_600_000),
    });
    const notification = await create(f.admin, '/api/notifications', {
      type: 'scheduled',
      notificators: 'web',
      calendarId: calendar.id,
      always: false,
      attributes: {},
    });
    await link(f.admin, { deviceId: van.id, notificationId: notification.id });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await scheduledEvents(van.id)).toHaveLength(0);
  });
});

describe('events bits', () => {
  const NOTIFICATION_BITS: PermName[] = [
    'notifications',
    'notificationCreate',
    'notificationEdit',
    'notificationDelete',
  ];

  const userWith = (bits: PermName[]) =>
    makeUser(f, { attributes: { 'tarkan.advancedPerms': encodePerms(bits) } });

  it('refuse scheduled and command notifications without the events bits', async () => {
    await withAdvancedPerms(f.admin, async () => {
      const { client } = await userWith(NOTIFICATION_BITS);
      const scheduled = await client.json('/api/notifications', {
        type: 'scheduled',
        notificators: 'web',
        attributes: {},
      });
      expect(scheduled.status).toBe(400);
      expect(await scheduled.text()).toBe('Write access denied - SecurityException');
      const command = await client.json('/api/notifications', {
        type: 'alarm',
        notificators: 'command',
        attributes: { alarms: 'sos' },
      });
      expect(command.status).toBe(400);

      // A plain notification still needs only the notification bits; it cannot become an event.
      const plain = await create(client, '/api/notifications', {
        type: 'alarm',
        notificators: 'web',
        attributes: { alarms: 'sos' },
      });
      const turned = await client.json(
        `/api/notifications/${plain.id}`,
        { ...plain, notificators: 'web,command' },
        'PUT',
      );
      expect(turned.status).toBe(400);
    });
  });

  it('allow create, edit and delete each by its own events bit', async () => {
    await withAdvancedPerms(f.admin, async () => {
      const creator = await userWith([...NOTIFICATION_BITS, 'events', 'eventCreate']);
      const made = await create(creator.client, '/api/notifications', {
        type: 'scheduled',
        notificators: 'web',
        attributes: {},
      });
      const edit = await creator.client.json(
        `/api/notifications/${made.id}`,
        { ...made, description: 'x' },
        'PUT',
      );
      expect(edit.status).toBe(400);
      const remove = await creator.client.request(`/api/notifications/${made.id}`, {
        method: 'DELETE',
      });
      expect(remove.status).toBe(400);

      const editor = await userWith([...NOTIFICATION_BITS, 'events', 'eventEdit', 'eventDelete']);
      await link(f.admin, { userId: editor.id, notificationId: made.id });
      const edited = await editor.client.json(
        `/api/notifications/${made.id}`,
        { ...made, description: 'Morning' },
        'PUT',
      );
      expect(edited.status).toBe(200);
      const removed = await editor.client.request(`/api/notifications/${made.id}`, {
        method: 'DELETE',
      });
      expect(removed.status).toBe(204);
    });
  });
});
