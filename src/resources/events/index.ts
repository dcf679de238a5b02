import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { lazyPage } from '../../loading/lazyPage';
import { lazyFormPages } from '../common/lazyFormPages';

export default {
  list: lazyPage(() => import('./EventList').then((m) => m.EventList)),
  ...lazyFormPages(() => import('./EventForm').then((m) => m.EventForm)),
  icon: EventRepeatIcon,
};
