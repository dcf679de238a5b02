import type { ConnectingDevice } from '../dataProvider/connectingDevices';

/**
 * How people call the protocols the server speaks (positions and the list store their lower-case
 * names). Product names, so the same in every language.
 */
const PROTOCOL_LABELS: Record<string, string> = {
  osmand: 'OsmAnd',
  gt06: 'GT06',
  h02: 'H02',
  gps103: 'GPS103',
  tk103: 'TK103',
  suntech: 'Suntech',
  teltonika: 'Teltonika',
  gl200: 'Queclink GL200',
  jt808: 'JT808',
};

/** A protocol's usual name; one this list does not know is shown in capitals. */
export const protocolLabel = (protocol: string): string =>
  PROTOCOL_LABELS[protocol] ?? protocol.toUpperCase();

/**
 * The name a device added from the list starts with, until someone gives it a better one: its
 * protocol and identifier ("GT06 359339075123456"), which tell trackers apart in a list.
 */
export const defaultDeviceName = (device: Pick<ConnectingDevice, 'protocol' | 'uniqueId'>) =>
  device.protocol ? `${protocolLabel(device.protocol)} ${device.uniqueId}` : device.uniqueId;
