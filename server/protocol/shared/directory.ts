/**
 * What the device sessions ask of the rest of the server besides storing positions, declared here
 * so the protocol layer needs nothing of how it is answered (the app wires the implementations).
 */

export type Identified =
  /** A device the server knows and accepts data from, under the identifier it is stored with. */
  | { kind: 'known'; uniqueId: string; deviceId: number }
  /** No usable device: unknown (recorded as trying to connect), disabled or expired. */
  | { kind: 'unknown' }
  /** The database cannot be reached: the device should try again later. */
  | { kind: 'unavailable' };

export interface DeviceDirectory {
  /**
   * The first of `uniqueIds` that names a usable device. An identifier nobody registered is
   * recorded among the devices trying to connect (`address` is where it came from), or registered
   * at once when the server is set to register unknown devices.
   */
  identify(uniqueIds: readonly string[], protocol: string, address: string): Promise<Identified>;
}

/** A command waiting in the queue for its device. */
export interface PendingCommand {
  id: number;
  type: string;
  attributes: Record<string, unknown>;
}

export interface CommandQueue {
  /**
   * Removes and returns the commands waiting for the device, oldest first, each recorded as sent
   * (`queuedCommandSent`). Empty when the database cannot be reached; they then wait for the next
   * connection.
   */
  take(deviceId: number): Promise<PendingCommand[]>;
}
