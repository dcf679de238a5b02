import { Box, Divider, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useDevice, usePosition } from '../../live/liveStore';
import { useDrivers } from '../../live/useReferenceData';
import { CategoryIcon } from '../../map/markers/CategoryIcon';
import { DeviceActions } from '../actions/DeviceActions';
import { useDeviceView } from '../DeviceViewContext';
import { Panel } from '../../map/Panel';
import { AllAttributes } from './AllAttributes';
import { DeviceIndicators } from './DeviceIndicators';
import { DevicePhoto } from './DevicePhoto';
import { DeviceSummary } from './DeviceSummary';
import { PinnedAttributes } from './PinnedAttributes';

/** `/devices/:deviceId`: the live detail of one device (a bottom sheet on phones). */
export const DeviceDetailPanel = () => {
  const translate = useTranslate();
  const { deviceId } = useParams();
  const id = Number(deviceId);
  const device = useDevice(id);
  const position = usePosition(id);
  const { anchors, loaded } = useDeviceView();
  const drivers = useDrivers();
  if (!device) {
    return (
      <Panel
        testId="device-detail"
        title={translate('devices.title')}
        backTo="/devices"
        bottomSheet
      >
        <Typography sx={{ p: 2 }} color="text.secondary">
          {translate(loaded ? 'detail.notFound' : 'detail.loading')}
        </Typography>
      </Panel>
    );
  }
  const anchor = anchors.get(device.id);
  const driverId = position?.attributes?.driverUniqueId;
  const driverName = drivers.find((driver) => driver.uniqueId === driverId)?.name;
  const title = (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <CategoryIcon category={device.category} attributes={device.attributes} size={22} />
      <span data-testid="detail-name">{device.name}</span>
    </Box>
  );
  return (
    <Panel testId="device-detail" title={title} backTo="/devices" bottomSheet>
      <DevicePhoto device={device} />
      <DeviceSummary device={device} position={position} />
      <Divider />
      <DeviceActions device={device} position={position} anchor={anchor} />
      <Divider />
      <DeviceIndicators
        position={position}
        deviceAttributes={device.attributes}
        anchored={Boolean(anchor)}
        driverName={driverName}
      />
      <PinnedAttributes position={position} />
      <AllAttributes position={position} />
    </Panel>
  );
};
