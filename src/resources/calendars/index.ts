import EventIcon from '@mui/icons-material/Event';
import { lazyPage } from '../../loading/lazyPage';
import { lazyFormPages } from '../common/lazyFormPages';

export default {
  list: lazyPage(() => import('./CalendarList').then((m) => m.CalendarList)),
  ...lazyFormPages(() => import('./CalendarForm').then((m) => m.CalendarForm)),
  icon: EventIcon,
};
