import { useMediaQuery, type Theme } from '@mui/material';

/**
 * The sidebar's widths (the theme's `sidebar`, as react-admin's layout reads it). Open, it is
 * react-admin's own width, wide enough for the longest entry in every language ("Comandos
 * guardados" did not fit in 220).
 */
export const SIDEBAR_WIDTH = 240;
export const SIDEBAR_CLOSED_WIDTH = 55;

/** A phone: the menu is a drawer over the page instead of a column beside it. */
export const useIsPhone = (): boolean =>
  useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
