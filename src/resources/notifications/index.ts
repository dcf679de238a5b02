import NotificationsIcon from '@mui/icons-material/Notifications';
import { lazyPage } from '../../loading/lazyPage';
import { lazyFormPages } from '../common/lazyFormPages';

export default {
  list: lazyPage(() => import('./NotificationList').then((m) => m.NotificationList)),
  ...lazyFormPages(() => import('./NotificationForm').then((m) => m.NotificationForm)),
  icon: NotificationsIcon,
};
