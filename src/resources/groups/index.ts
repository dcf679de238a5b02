import GroupsIcon from '@mui/icons-material/Workspaces';
import { lazyPage } from '../../loading/lazyPage';
import { lazyFormPages } from '../common/lazyFormPages';

export default {
  list: lazyPage(() => import('./GroupList').then((m) => m.GroupList)),
  ...lazyFormPages(() => import('./GroupForm').then((m) => m.GroupForm)),
  icon: GroupsIcon,
};
