import { memo } from 'react';
import { useTranslate } from 'react-admin';
import { useDevice, usePosition } from '../live/liveStore';
import { CategoryIcon } from '../map/markers/CategoryIcon';
import { plateOf, STATUS_TEXT_COLORS } from '../map/markers/labels';
import { statusOf } from './filters';
import { LastUpdate } from './LastUpdate';
import { StateIcons } from './StateIcons';

interface DeviceRowProps {
  id: number;
  anchored: ReadonlySet<number>;
  showAnchor: boolean;
  selected: boolean;
  onOpen: (id: number) => void;
}

/** One list row; it reads its own device and position from the live store (styles: DeviceListStyles). */
export const DeviceRow = memo(function DeviceRow({
  id,
  anchored,
  showAnchor,
  selected,
  onOpen,
}: DeviceRowProps) {
  const translate = useTranslate();
  const device = useDevice(id);
  const position = usePosition(id);
  if (!device) return null;
  const status = statusOf(device);
  const plate = plateOf(device);
  return (
    <div
      className="frota-row"
      role="button"
      tabIndex={0}
      aria-current={selected}
      data-testid="device-row"
      data-device-id={id}
      onClick={() => onOpen(id)}
      onKeyDown={(event) => event.key === 'Enter' && onOpen(id)}
    >
      <CategoryIcon category={device.category} attributes={device.attributes} />
      <div className="frota-row-main">
        <div className="frota-row-name" data-testid="device-name">
          {device.name}
        </div>
        <div className="frota-row-sub">
          {plate && <span className="frota-row-caption">{plate}</span>}
          {position ? (
            <StateIcons
              device={device}
              position={position}
              anchored={anchored}
              showAnchor={showAnchor}
            />
          ) : (
            <span className="frota-row-none">{translate('devices.noPosition')}</span>
          )}
        </div>
      </div>
      <div className="frota-row-side">
        <div
          className={device.lastUpdate ? 'frota-row-status' : 'frota-row-status frota-row-none'}
          style={{ color: device.lastUpdate ? STATUS_TEXT_COLORS[status] : undefined }}
          data-status={status}
        >
          {translate(device.lastUpdate ? `devices.status.${status}` : 'devices.status.new')}
        </div>
        <div className="frota-row-caption">
          <LastUpdate value={device.lastUpdate} />
        </div>
      </div>
    </div>
  );
});
