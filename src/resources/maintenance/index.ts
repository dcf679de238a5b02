import BuildIcon from '@mui/icons-material/Build';
import { formPages } from '../common/formPages';
import { MaintenanceForm } from './MaintenanceForm';
import { MaintenanceList } from './MaintenanceList';

export default { list: MaintenanceList, ...formPages(MaintenanceForm), icon: BuildIcon };
