import type { Device } from '../../model/device';
import type { Position } from '../../model/position';

/** The state flags the list shows and sorts by (Tarkan's). */
export const STATE_KEYS = ['motion', 'anchor', 'locked', 'ignition', 'driver', 'alert'] as const;
export type StateKey = (typeof STATE_KEYS)[number];

interface DeviceFacts {
  device: Device;
  position: Position | undefined;
  /** Device ids that have an anchor geofence. */
  anchored?: ReadonlySet<number>;
}

const attr = (position: Position | undefined, key: string): unknown => position?.attributes?.[key];

/** true / false when the device reports it, undefined when it does not. */
export const stateOf = ({ device, position, anchored }: DeviceFacts, key: StateKey) => {
  switch (key) {
    case 'motion':
      return attr(position, 'motion') as boolean | undefined;
    case 'anchor':
      return anchored ? anchored.has(device.id) : undefined;
    case 'locked':
      return attr(position, 'blocked') as boolean | undefined;
    case 'ignition':
      return attr(position, 'ignition') as boolean | undefined;
    case 'driver': {
      const driver = attr(position, 'driverUniqueId');
      return position ? typeof driver === 'string' && driver !== '' : undefined;
    }
    case 'alert': {
      const alarm = attr(position, 'alarm');
      return position ? typeof alarm === 'string' && alarm !== '' : undefined;
    }
  }
};

export const isMoving = (position: Position | undefined): boolean =>
  position?.attributes?.motion === true;
