import { useMediaQuery, type Theme } from '@mui/material';

/** The sidebar's widths (the theme's `sidebar`, as react-admin's layout reads it). */
export const SIDEBAR_WIDTH = 220;
export const SIDEBAR_CLOSED_WIDTH = 55;

/** A phone: the menu is a drawer over the page instead of a column beside it. */
export const useIsPhone = (): boolean =>
  useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
