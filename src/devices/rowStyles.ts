import type { SxProps, Theme } from '@mui/material';

export const ROW_HEIGHT = 52;

/**
 * The scrolling list and every row in it, styled once on the list: rows are plain elements with
 * these class names, so a search keystroke that swaps the visible rows creates no styled
 * components.
 */
export const listStyles: SxProps<Theme> = (theme) => ({
  flex: 1,
  minHeight: 0,
  overflow: 'auto',
  '& .frota-row': {
    height: ROW_HEIGHT,
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    px: 1.5,
    cursor: 'pointer',
    borderBottom: `1px solid ${theme.palette.divider}`,
    '&:hover': { bgcolor: 'action.hover' },
    '&[aria-current="true"]': { bgcolor: 'action.selected' },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  },
  '& .frota-row-main': { flex: 1, minWidth: 0 },
  '& .frota-row-name': {
    ...theme.typography.body2,
    fontWeight: 600,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .frota-row-sub': { display: 'flex', alignItems: 'center', gap: 1 },
  '& .frota-row-caption': {
    ...theme.typography.caption,
    color: 'text.secondary',
    whiteSpace: 'nowrap',
  },
  '& .frota-row-none': { ...theme.typography.caption, color: 'text.disabled' },
  '& .frota-row-side': { textAlign: 'right', flexShrink: 0 },
  '& .frota-row-status': { ...theme.typography.caption, fontWeight: 600 },
  '& .frota-states': { display: 'flex', gap: '2px' },
  '& .frota-states > span': { display: 'inline-flex' },
});
