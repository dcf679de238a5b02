import NotificationsIcon from '@mui/icons-material/Notifications';
import { formPages } from '../common/formPages';
import { NotificationForm } from './NotificationForm';
import { NotificationList } from './NotificationList';

export default { list: NotificationList, ...formPages(NotificationForm), icon: NotificationsIcon };
