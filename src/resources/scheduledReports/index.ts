import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { formPages } from '../common/formPages';
import { ScheduledReportForm } from './ScheduledReportForm';
import { ScheduledReportList } from './ScheduledReportList';

export default {
  list: ScheduledReportList,
  ...formPages(ScheduledReportForm),
  icon: EventRepeatIcon,
};
