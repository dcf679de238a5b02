import FenceIcon from '@mui/icons-material/Fence';
import { formPages } from '../common/formPages';
import { GeofenceForm } from './GeofenceForm';
import { GeofenceList } from './GeofenceList';

/** Resource `geofence` (route `/geofence`, Tarkan's path) over `/api/geofences`. */
export default { list: GeofenceList, ...formPages(GeofenceForm), icon: FenceIcon };
