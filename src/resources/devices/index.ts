import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import { DeviceCreate } from './DeviceCreate';
import { DeviceEdit } from './DeviceEdit';
import { DeviceList } from './DeviceList';

/** Resource `device-admin` (`/device-admin`): the management table; `/devices` is the live panel. */
export default {
  list: DeviceList,
  edit: DeviceEdit,
  create: DeviceCreate,
  icon: DirectionsCarIcon,
};
