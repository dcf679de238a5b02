import AnchorIcon from '@mui/icons-material/Anchor';
import BadgeIcon from '@mui/icons-material/Badge';
import KeyIcon from '@mui/icons-material/Key';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SpeedIcon from '@mui/icons-material/Speed';
import WarningIcon from '@mui/icons-material/Warning';
import { Box, type SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import { useTranslate } from 'react-admin';
import type { Device } from '../model/device';
import type { Position } from '../model/position';
import { type StateKey, stateOf } from './deviceState';

const ON = {
  alert: '#d32f2f',
  driver: '#2e7d32',
  ignition: '#2e7d32',
  locked: '#d32f2f',
  anchor: '#f9a825',
  motion: '#1565c0',
};
const OFF = { locked: '#2e7d32' } as Partial<Record<StateKey, string>>;

const ICONS: Record<StateKey, ComponentType<SvgIconProps>> = {
  alert: WarningIcon,
  driver: BadgeIcon,
  ignition: KeyIcon,
  locked: LockIcon,
  anchor: AnchorIcon,
  motion: SpeedIcon,
};

const ORDER: StateKey[] = ['alert', 'driver', 'ignition', 'locked', 'anchor', 'motion'];

const useStateTitle = () => {
  const translate = useTranslate();
  return (key: StateKey, value: boolean | undefined, position: Position | undefined): string => {
    if (value === undefined)
      return `${translate(`devices.stateKeys.${key}`)}: ${translate('devices.states.unknownState')}`;
    const attributes = position?.attributes ?? {};
    switch (key) {
      case 'alert':
        return value
          ? translate('devices.states.alert', {
              alarm: String(attributes.alarm)
                .split(',')
                .map((alarm) => translate(`alarms.${alarm.trim()}`, { _: alarm.trim() }))
                .join(', '),
            })
          : translate('devices.states.noAlert');
      case 'driver':
        return value
          ? translate('devices.states.driver', { name: String(attributes.driverUniqueId) })
          : translate('devices.states.noDriver');
      case 'ignition':
        return translate(value ? 'devices.states.ignitionOn' : 'devices.states.ignitionOff');
      case 'locked':
        return translate(value ? 'devices.states.locked' : 'devices.states.unlocked');
      case 'anchor':
        return translate(value ? 'devices.states.anchor' : 'devices.states.noAnchor');
      case 'motion':
        return translate(value ? 'devices.states.motion' : 'devices.states.stopped');
    }
  };
};

interface StateIconsProps {
  device: Device;
  position: Position | undefined;
  anchored: ReadonlySet<number>;
  showAnchor: boolean;
}

/** The state strip: alarm, driver, ignition, lock, anchor, motion, each with a text title. */
export const StateIcons = ({ device, position, anchored, showAnchor }: StateIconsProps) => {
  const title = useStateTitle();
  return (
    <Box sx={{ display: 'flex', gap: 0.25 }}>
      {ORDER.filter((key) => key !== 'anchor' || showAnchor).map((key) => {
        const value = stateOf({ device, position, anchored }, key);
        const Icon = key === 'locked' && value === false ? LockOpenIcon : ICONS[key];
        const color = value ? ON[key] : value === false ? (OFF[key] ?? '#9e9e9e') : '#e0e0e0';
        const text = title(key, value, position);
        return (
          <Box
            component="span"
            key={key}
            title={text}
            aria-label={text}
            data-state={key}
            data-value={String(value)}
            sx={{ display: 'inline-flex' }}
          >
            <Icon sx={{ fontSize: 16, color }} />
          </Box>
        );
      })}
    </Box>
  );
};
