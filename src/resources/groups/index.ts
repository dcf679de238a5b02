import GroupsIcon from '@mui/icons-material/Workspaces';
import { formPages } from '../common/formPages';
import { GroupForm } from './GroupForm';
import { GroupList } from './GroupList';

export default { list: GroupList, ...formPages(GroupForm), icon: GroupsIcon };
