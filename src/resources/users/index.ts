import PeopleIcon from '@mui/icons-material/People';
import { lazyPage } from '../../loading/lazyPage';

export default {
  list: lazyPage(() => import('./UserList').then((m) => m.UserList)),
  edit: lazyPage(() => import('./UserPages').then((m) => m.UserEdit)),
  create: lazyPage(() => import('./UserPages').then((m) => m.UserCreate)),
  icon: PeopleIcon,
};
