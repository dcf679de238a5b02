import BuildIcon from '@mui/icons-material/Build';
import { lazyPage } from '../../loading/lazyPage';
import { lazyFormPages } from '../common/lazyFormPages';

export default {
  list: lazyPage(() => import('./MaintenanceList').then((m) => m.MaintenanceList)),
  ...lazyFormPages(() => import('./MaintenanceForm').then((m) => m.MaintenanceForm)),
  icon: BuildIcon,
};
