import { gl200 } from './gl200';
import { gps103 } from './gps103';
import { gt06 } from './gt06';
import { h02 } from './h02';
import { jt808 } from './jt808';
import type { ProtocolDefinition } from './shared/definition';
import { suntech } from './suntech';
import { teltonika } from './teltonika';
import { tk103 } from './tk103';

/**
 * The hardware protocols the embedded server speaks (docs/protocols.md), one folder each. A new
 * protocol is a new folder and one line here: its port (`<NAME>_PORT`), listener, commands and
 * simulator follow from its definition.
 */
export const DEVICE_PROTOCOLS: readonly ProtocolDefinition[] = [
  gt06,
  h02,
  gps103,
  tk103,
  suntech,
  teltonika,
  gl200,
  jt808,
];

/** The protocol named `name` (as positions store it); undefined for OsmAnd or an unknown one. */
export function deviceProtocol(name: string | null | undefined): ProtocolDefinition | undefined {
  return DEVICE_PROTOCOLS.find((protocol) => protocol.name === name);
}
