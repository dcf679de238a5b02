import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { SelectAllButton, useListContext, useTranslate } from 'react-admin';

/**
 * What to do with the selected rows: how many there are, unselect, select every row the filters
 * match, then the list's actions. It is in the page's flow above the table (react-admin's own bar
 * was slid over the list's toolbar, where the table's scrolling box cut it off), stays under the
 * app bar while the page scrolls down a long list, and is not there at all with nothing selected,
 * so Tab never stops on buttons nobody sees.
 */
export const BulkBar = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems, total } = useListContext();
  if (selectedIds.length === 0) return null;
  const unselect = translate('ra.action.unselect');
  return (
    <Box
      role="toolbar"
      aria-label={translate('lists.bulk.toolbar')}
      data-testid="bulk-bar"
      sx={(theme) => ({
        position: 'sticky',
        top: { xs: 56, sm: 48 },
        zIndex: 3,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 1,
        px: 1,
        py: 0.5,
        borderBottom: `1px solid ${theme.palette.divider}`,
        // Opaque, so the rows scrolling under it do not show through.
        backgroundColor: theme.palette.background.paper,
        backgroundImage: `linear-gradient(${alpha(theme.palette.primary.main, 0.12)}, ${alpha(
          theme.palette.primary.main,
          0.12,
        )})`,
      })}
    >
      <IconButton
        size="small"
        aria-label={unselect}
        title={unselect}
        onClick={() => onUnselectItems()}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      <Typography variant="body2" role="status" sx={{ fontWeight: 500, mr: 1 }}>
        {translate('ra.action.bulk_actions', { smart_count: selectedIds.length })}
      </Typography>
      {/* Shown once the whole page is selected and more rows match: it takes them all. */}
      <SelectAllButton label={translate('lists.bulk.selectAll', { smart_count: total ?? 0 })} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
        {children}
      </Box>
    </Box>
  );
};
