import FunctionsIcon from '@mui/icons-material/Functions';
import { formPages } from '../common/formPages';
import { ComputedForm } from './ComputedForm';
import { ComputedList } from './ComputedList';

export default { list: ComputedList, ...formPages(ComputedForm), icon: FunctionsIcon };
