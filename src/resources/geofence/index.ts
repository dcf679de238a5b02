import FenceIcon from '@mui/icons-material/Fence';
import { lazyPage } from '../../loading/lazyPage';
import { lazyFormPages } from '../common/lazyFormPages';

/** Resource `geofence` (route `/geofence`, Tarkan's path) over `/api/geofences`. */
export default {
  list: lazyPage(() => import('./GeofenceList').then((m) => m.GeofenceList)),
  ...lazyFormPages(() => import('./GeofenceForm').then((m) => m.GeofenceForm)),
  icon: FenceIcon,
};
