import { useTranslate } from 'react-admin';
import type { Position } from '../../model/position';
import type { StateKey } from './deviceState';

/** The text title of one state icon ("Ignição ligada", "Alerta: SOS", …). */
export const useStateTitle = () => {
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
