import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import { lazyPage } from '../../loading/lazyPage';

/** Resource `device-admin` (`/device-admin`): the management table; `/devices` is the live panel. */
export default {
  list: lazyPage(() => import('./DeviceList').then((m) => m.DeviceList)),
  edit: lazyPage(() => import('./DeviceEdit').then((m) => m.DeviceEdit)),
  create: lazyPage(() => import('./DeviceCreate').then((m) => m.DeviceCreate)),
  icon: DirectionsCarIcon,
};
