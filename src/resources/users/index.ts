import PeopleIcon from '@mui/icons-material/People';
import { UserList } from './UserList';
import { UserCreate, UserEdit } from './UserPages';

export default { list: UserList, edit: UserEdit, create: UserCreate, icon: PeopleIcon };
