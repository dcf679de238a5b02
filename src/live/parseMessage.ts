import { readLogRecords, type ProtocolLogRecord } from './protocolLogs';
import type { LiveMessage } from './store';

/** A socket frame: what the live store takes, plus the protocol logs a screen may have asked for. */
export interface SocketMessage extends LiveMessage {
  logs?: ProtocolLogRecord[];
  /**
   * The message holds every device the user sees and their latest positions (an instance's
   * resync after its link to the others came back): it replaces the set rather than merging.
   */
  complete?: boolean;
  /** The user's account was saved: the app reads its session again (menus, rights). */
  userChanged?: boolean;
  /** A part of the socket's opening positions that is not the last (docs/traccar-api.md). */
  more?: boolean;
  /** The server settings or a brand were saved: the app reads them again. */
  serverChanged?: boolean;
}

const arrayOf = <T>(value: unknown): T[] | undefined =>
  Array.isArray(value) ? (value as T[]) : undefined;

/** A socket frame as a `SocketMessage`; keepalives (`{}`) and junk become an empty message. */
export const parseMessage = (data: unknown): SocketMessage => {
  if (typeof data !== 'string') return {};
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return {};
  }
  if (!raw || typeof raw !== 'object') return {};
  const record = raw as Record<string, unknown>;
  return {
    devices: arrayOf(record.devices),
    positions: arrayOf(record.positions),
    events: arrayOf(record.events),
    removedDevices: arrayOf<unknown>(record.removedDevices)?.filter(
      (id): id is number => typeof id === 'number' && Number.isInteger(id),
    ),
    logs: readLogRecords(record.logs),
    complete: record.complete === true || undefined,
    more: record.more === true || undefined,
    userChanged: record.userChanged === true || undefined,
    serverChanged: record.serverChanged === true || undefined,
  };
};

export const isEmptyMessage = (message: LiveMessage): boolean =>
  !message.devices?.length &&
  !message.positions?.length &&
  !message.events?.length &&
  !message.removedDevices?.length;
