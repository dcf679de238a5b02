/**
 * Where a protocol listener reports each message it receives, for the live protocol logs (the
 * `{logs:[…]}` socket messages, docs/traccar-api.md). Declared here so the listener needs nothing
 * of what delivers them; the app wires the live side in.
 */
export interface MessageLog {
  /**
   * Whether anyone listens. Checked before any work for a record, so the ingest path costs one
   * property read while nobody watches the logs.
   */
  readonly active: boolean;
  /** One received message; returns at once and never throws. */
  record(message: ReceivedMessage): void;
}

export interface ReceivedMessage {
  /** The sender's address. */
  host: string;
  protocol: string;
  /** The device the message names, if it names one. */
  uniqueId: string | null;
  /** The message as received or sent (text or hex: `logData`). */
  data: string;
  /** A frame the server sent to the device (an acknowledgement, a command), not one it received. */
  outgoing?: boolean;
}
