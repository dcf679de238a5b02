import BadgeIcon from '@mui/icons-material/Badge';
import { lazyPage } from '../../loading/lazyPage';
import { lazyFormPages } from '../common/lazyFormPages';

export default {
  list: lazyPage(() => import('./DriverList').then((m) => m.DriverList)),
  ...lazyFormPages(() => import('./DriverForm').then((m) => m.DriverForm)),
  icon: BadgeIcon,
};
