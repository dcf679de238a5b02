import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Position } from '../../../model/position';
import { convertDistance } from '../../i18n/units';
import { formatValue } from './formatValue';
import { InfoRow } from './InfoRow';

interface DeviceIndicatorsProps {
  position: Position | undefined;
  anchored: boolean;
  driverName: string | undefined;
}

/** Ignition, lock, anchor, signal, satellites, power or battery, latest alarm, driver, odometer. */
export const DeviceIndicators = ({ position, anchored, driverName }: DeviceIndicatorsProps) => {
  const translate = useTranslate();
  const a = position?.attributes ?? {};
  const value = (v: unknown) => formatValue(v, translate);
  const alarm = a.alarm
    ? String(a.alarm)
        .split(',')
        .map((key) => translate(`alarms.${key.trim()}`, { _: key.trim() }))
        .join(', ')
    : undefined;
  const power = a.power !== undefined ? `${value(a.power)} V` : undefined;
  const battery =
    a.batteryLevel !== undefined
      ? `${value(a.batteryLevel)} %`
      : a.battery !== undefined
        ? `${value(a.battery)} V`
        : undefined;
  const odometer = a.odometer ?? a.totalDistance;
  const rows: [string, string | undefined, string][] = [
    ['detail.ignition', a.ignition === undefined ? undefined : value(a.ignition), 'ignition'],
    ['detail.blocked', a.blocked === undefined ? undefined : value(a.blocked), 'blocked'],
    ['detail.anchor', value(anchored), 'anchor'],
    ['detail.signal', a.rssi === undefined ? undefined : value(a.rssi), 'signal'],
    ['detail.satellites', a.sat === undefined ? undefined : value(a.sat), 'satellites'],
    ['detail.power', power, 'power'],
    ['detail.battery', battery, 'battery'],
    ['detail.alarm', alarm, 'alarm'],
    [
      'detail.driver',
      driverName ?? (a.driverUniqueId ? String(a.driverUniqueId) : undefined),
      'driver',
    ],
    [
      'detail.odometer',
      typeof odometer === 'number' ? `${convertDistance(odometer, 'km').toFixed(1)} km` : undefined,
      'odometer',
    ],
  ];
  return (
    <Box sx={{ px: 1.5, pb: 1 }}>
      {rows
        .filter(([, text]) => text !== undefined)
        .map(([label, text, key]) => (
          <InfoRow key={key} label={translate(label)} testId={`detail-${key}`}>
            {text}
          </InfoRow>
        ))}
    </Box>
  );
};
