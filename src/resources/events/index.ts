import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { formPages } from '../common/formPages';
import { EventForm } from './EventForm';
import { EventList } from './EventList';

export default { list: EventList, ...formPages(EventForm), icon: EventRepeatIcon };
