import type { CommandData } from './definition';
import type { DeviceSession, SessionRegistry } from './session';

/**
 * The devices connected to this instance, by device id: where a command for a device goes while
 * it is connected (docs/protocols.md). A device that reconnects replaces its older session; the
 * older one, when it closes, leaves the newer in place.
 */
export class ConnectedDevices implements SessionRegistry {
  private readonly sessions = new Map<number, DeviceSession>();

  bind(deviceId: number, session: DeviceSession): void {
    this.sessions.set(deviceId, session);
  }

  unbind(deviceId: number, session: DeviceSession): void {
    if (this.sessions.get(deviceId) === session) this.sessions.delete(deviceId);
  }

  get(deviceId: number): DeviceSession | undefined {
    return this.sessions.get(deviceId);
  }

  /** How many devices hold a connection here. */
  get size(): number {
    return this.sessions.size;
  }

  /** The protocol a connected device speaks; null when it is not connected here. */
  protocolOf(deviceId: number): string | null {
    return this.sessions.get(deviceId)?.protocol.name ?? null;
  }

  /**
   * Sends a command to the device if it is connected here: `sent`, `unsupported` (its protocol
   * cannot carry that command), or `absent` (not connected here: the caller queues it).
   */
  send(deviceId: number, command: CommandData): 'sent' | 'unsupported' | 'absent' {
    const session = this.sessions.get(deviceId);
    if (!session) return 'absent';
    return session.sendCommand(command) ? 'sent' : 'unsupported';
  }

  /** Sends the device what the queue holds for it, if it is connected here. */
  deliverQueued(deviceId: number): void {
    void this.sessions.get(deviceId)?.deliverQueued();
  }
}
