import BadgeIcon from '@mui/icons-material/Badge';
import { formPages } from '../common/formPages';
import { DriverForm } from './DriverForm';
import { DriverList } from './DriverList';

export default { list: DriverList, ...formPages(DriverForm), icon: BadgeIcon };
