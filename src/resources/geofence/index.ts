import FenceIcon from '@mui/icons-material/Fence';
import { formPages } from '../common/formPages';
import { GeofenceForm } from './GeofenceForm';
import { GeofenceList } from './GeofenceList';

/** Resource `geofence` (route `/geofence`, spec §2) over `/api/geofences`. */
export default { list: GeofenceList, ...formPages(GeofenceForm), icon: FenceIcon };
