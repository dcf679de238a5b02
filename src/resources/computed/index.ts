import FunctionsIcon from '@mui/icons-material/Functions';
import { lazyPage } from '../../loading/lazyPage';
import { lazyFormPages } from '../common/lazyFormPages';

export default {
  list: lazyPage(() => import('./ComputedList').then((m) => m.ComputedList)),
  ...lazyFormPages(() => import('./ComputedForm').then((m) => m.ComputedForm)),
  icon: FunctionsIcon,
};
