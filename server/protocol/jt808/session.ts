import { buildFrame, type Terminal } from './frame';
import { terminalIdBytes } from './terminalId';

/**
 * What a JT808 connection remembers between frames, in the session's `state` map: the terminal's
 * header (its id bytes and protocol version, which every frame to it repeats) and the platform's
 * own message serial, which counts up for each message the server sends.
 */

const TERMINAL = 'jt808.terminal';
const SERIAL = 'jt808.serial';

export function rememberTerminal(state: Map<string, unknown>, terminal: Terminal): void {
  state.set(TERMINAL, { id: terminal.id, version: terminal.version } satisfies Terminal);
}

/**
 * The header to address the connection's terminal with: as its last frame named itself, or, when
 * none has been read yet, built from the stored identifier (null if a header cannot carry it).
 */
export function terminalOf(state: Map<string, unknown>, uniqueId: string): Terminal | null {
  const known = state.get(TERMINAL) as Terminal | undefined;
  if (known) return known;
  const id = terminalIdBytes(uniqueId, false);
  return id ? { id, version: null } : null;
}

/** The next platform serial (0 first, wrapping at 16 bits). */
export function nextSerial(state: Map<string, unknown>): number {
  const current = state.get(SERIAL);
  const serial = typeof current === 'number' ? current : 0;
  state.set(SERIAL, (serial + 1) & 0xffff);
  return serial;
}

/** A message from the platform to the terminal, with the next platform serial. */
export function platformFrame(
  state: Map<string, unknown>,
  terminal: Terminal,
  messageId: number,
  body: Buffer,
): Buffer {
  return buildFrame(messageId, terminal, nextSerial(state), body);
}
