import SendIcon from '@mui/icons-material/Send';
import { formPages } from '../common/formPages';
import { CommandForm } from './CommandForm';
import { CommandList } from './CommandList';

export default { list: CommandList, ...formPages(CommandForm), icon: SendIcon };
