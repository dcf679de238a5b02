import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ignoresDeviceOdometer, odometerOf, type Position } from '../../../model/position';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import { formatDistance, formatPercent, formatVoltage } from '../../i18n/formatters';
import { useFormatPrefs } from '../../i18n/useFormatPrefs';
import { formatAttribute, formatValue } from './formatValue';
import { InfoRow } from './InfoRow';

interface DeviceIndicatorsProps {
  position: Position | undefined;
  /** For `report.ignoreOdometer`, which decides which odometer the device has. */
  deviceAttributes?: Record<string, unknown>;
  anchored: boolean;
  driverName: string | undefined;
}

/** Ignition, lock, anchor, signal, satellites, power or battery, latest alarm, driver, odometer. */
export const DeviceIndicators = ({
  position,
  deviceAttributes,
  anchored,
  driverName,
}: DeviceIndicatorsProps) => {
  const translate = useTranslate();
  const { server } = useServerInfo();
  const prefs = useFormatPrefs();
  const { locale } = prefs;
  const a = position?.attributes ?? {};
  const value = (v: unknown) => formatValue(v, translate, locale);
  const volts = (v: unknown) =>
    typeof v === 'number' ? formatVoltage(v, locale) : `${value(v)} V`;
  const alarm = a.alarm ? formatAttribute('alarm', String(a.alarm), translate, prefs) : undefined;
  const power = a.power !== undefined ? volts(a.power) : undefined;
  const battery =
    a.batteryLevel !== undefined
      ? typeof a.batteryLevel === 'number'
        ? formatPercent(a.batteryLevel, locale)
        : `${value(a.batteryLevel)} %`
      : a.battery !== undefined
        ? volts(a.battery)
        : undefined;
  const odometer = odometerOf(a, ignoresDeviceOdometer(deviceAttributes, server?.attributes));
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
      odometer === null ? undefined : formatDistance(odometer, prefs, 1),
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
