import { ListItemIcon, MenuItem, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useSidebarState, useTranslate } from 'react-admin';
import { NavLink, useMatch } from 'react-router-dom';
import { useIsPhone } from './useFrameSizes';

interface MenuLinkProps {
  to: string;
  /** A translation key. */
  label: string;
  icon: ReactNode;
}

/**
 * One entry of the menu column. Collapsed to its icon, the entry keeps its name for screen
 * readers and in the browser's own tooltip; on a phone, following it closes the drawer.
 */
export const MenuLink = ({ to, label, icon }: MenuLinkProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const isPhone = useIsPhone();
  const active = useMatch({ path: to, end: false }) !== null;
  const text = translate(label, { _: label });
  return (
    <MenuItem
      component={NavLink}
      to={to}
      selected={active}
      aria-label={text}
      title={open ? undefined : text}
      onClick={() => {
        if (isPhone) setOpen(false);
      }}
      sx={{ color: active ? 'text.primary' : 'text.secondary' }}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
      <Typography variant="inherit" noWrap>
        {text}
      </Typography>
    </MenuItem>
  );
};
