import MenuIcon from '@mui/icons-material/Menu';
import { IconButton } from '@mui/material';
import { useSidebarState, useTranslate } from 'react-admin';

/** Opens and closes the menu (a column on a computer, a drawer on a phone). */
export const MenuToggle = () => {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const label = translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu');
  return (
    <IconButton color="inherit" aria-label={label} title={label} onClick={() => setOpen(!open)}>
      <MenuIcon />
    </IconButton>
  );
};
