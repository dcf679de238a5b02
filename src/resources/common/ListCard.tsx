import { Box, Card } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';
import { BulkBar } from './bulk/BulkBar';
import { useBulkActions } from './listSelection';

/** Whether the box is narrower than what it holds, followed as either changes size. */
const useOverflows = () => {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!box) return undefined;
    const measure = () => setOverflows(box.scrollWidth > box.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [box]);
  return { ref: setBox, overflows };
};

/**
 * The card of a management list (react-admin's `List` `component`): the bulk actions bar, then the
 * table in a box of its own that scrolls sideways when the table is wider than the screen. That
 * box is a named region, and a Tab stop while it has something to scroll, so the arrow keys
 * scroll it; the bar above it stays put.
 */
export const ListCard = ({ className, children }: { className?: string; children?: ReactNode }) => {
  const { ref, overflows } = useOverflows();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { resource } = useListContext();
  const bulkActions = useBulkActions();
  const name = translate(`resources.${resource}.name`, { smart_count: 2 }).toLocaleLowerCase(
    locale,
  );
  return (
    <Card className={className}>
      {bulkActions ? <BulkBar>{bulkActions}</BulkBar> : null}
      <Box
        ref={ref}
        role="region"
        tabIndex={overflows ? 0 : undefined}
        aria-label={translate('lists.region', { name })}
        data-testid="list-table-region"
        sx={{
          overflowX: 'auto',
          '&:focus-visible': {
            outline: (theme) => `2px solid ${theme.palette.primary.main}`,
            outlineOffset: -2,
          },
        }}
      >
        {children}
      </Box>
    </Card>
  );
};
