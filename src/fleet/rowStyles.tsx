import { GlobalStyles, type Theme } from '@mui/material';
import { memo } from 'react';

export const ROW_HEIGHT = 52;
export const HEADER_HEIGHT = 32;

/**
 * The scrolling list and every row in it, as one style sheet for the `frota-list` class: rows
 * and the list itself are plain elements, so a search keystroke that swaps the visible rows
 * serializes no styles at all.
 */
const listStyles = (theme: Theme) => {
  const caption = { ...theme.typography.caption, color: theme.palette.text.secondary };
  return {
    '.frota-list': { flex: 1, minHeight: 0, overflow: 'auto' },
    '.frota-list .frota-row': {
      height: ROW_HEIGHT,
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(1),
      padding: theme.spacing(0, 1.5),
      cursor: 'pointer',
      borderBottom: `1px solid ${theme.palette.divider}`,
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '&[aria-current="true"]': { backgroundColor: theme.palette.action.selected },
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
    },
    '.frota-list .frota-group': {
      ...theme.typography.overline,
      display: 'block',
      height: HEADER_HEIGHT,
      lineHeight: `${HEADER_HEIGHT}px`,
      padding: theme.spacing(0, 1.5),
      backgroundColor: theme.palette.action.hover,
    },
    '.frota-list .frota-row-main': { flex: 1, minWidth: 0 },
    '.frota-list .frota-row-name': {
      ...theme.typography.body2,
      fontWeight: 600,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
    '.frota-list .frota-row-sub': { display: 'flex', alignItems: 'center', gap: theme.spacing(1) },
    '.frota-list .frota-row-caption': { ...caption, whiteSpace: 'nowrap' },
    // Secondary, not disabled: the disabled grey is too pale to read (WCAG AA contrast).
    '.frota-list .frota-row-none': { ...caption, fontStyle: 'italic' },
    '.frota-list .frota-row-side': { textAlign: 'right', flexShrink: 0 },
    '.frota-list .frota-row-status': { ...theme.typography.caption, fontWeight: 600 },
    '.frota-list .frota-states': { display: 'flex', gap: '2px' },
    '.frota-list .frota-state': {
      width: 16,
      height: 16,
      backgroundRepeat: 'no-repeat',
      backgroundSize: '16px 16px',
    },
  } as const;
};

/** Inserted once per page (memo: the list re-rendering on a keystroke does not touch it). */
export const DeviceListStyles = memo(function DeviceListStyles() {
  return <GlobalStyles styles={listStyles} />;
});
