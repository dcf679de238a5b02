import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { lazyPage } from '../../loading/lazyPage';
import { lazyFormPages } from '../common/lazyFormPages';

export default {
  list: lazyPage(() => import('./ScheduledReportList').then((m) => m.ScheduledReportList)),
  ...lazyFormPages(() => import('./ScheduledReportForm').then((m) => m.ScheduledReportForm)),
  icon: EventRepeatIcon,
};
