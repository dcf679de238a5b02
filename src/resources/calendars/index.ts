import EventIcon from '@mui/icons-material/Event';
import { formPages } from '../common/formPages';
import { CalendarForm } from './CalendarForm';
import { CalendarList } from './CalendarList';

export default { list: CalendarList, ...formPages(CalendarForm), icon: EventIcon };
