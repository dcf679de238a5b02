import SendIcon from '@mui/icons-material/Send';
import { lazyPage } from '../../loading/lazyPage';
import { lazyFormPages } from '../common/lazyFormPages';

export default {
  list: lazyPage(() => import('./CommandList').then((m) => m.CommandList)),
  ...lazyFormPages(() => import('./CommandForm').then((m) => m.CommandForm)),
  icon: SendIcon,
};
