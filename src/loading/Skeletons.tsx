import { Box, type SxProps, type Theme } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

/*
 * The shapes a screen's place takes while its code arrives, instead of an empty page: where its
 * title, toolbar and rows will be. Plain boxes with one keyframe rule (MUI's Skeleton would add
 * its weight to the first script, which every page loads).
 */

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.45; }
  100% { opacity: 1; }
`;

const Bone = ({ width, height }: { width: number | string; height: number }) => (
  <Box
    sx={{
      width,
      height,
      maxWidth: '100%',
      borderRadius: 1,
      bgcolor: 'action.hover',
      animation: `${pulse} 1.6s ease-in-out 0.4s infinite`,
      '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
    }}
  />
);

const ROW_WIDTHS = ['92%', '78%', '86%', '70%', '90%', '64%'];

/** Title, a toolbar and a few rows: a list or form screen on its way. */
const Shapes = ({ rows }: { rows: number }) => (
  <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
    <Bone width="45%" height={28} />
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Bone width={120} height={32} />
      <Bone width={96} height={32} />
    </Box>
    {ROW_WIDTHS.slice(0, rows).map((width, index) => (
      <Bone key={index} width={width} height={20} />
    ))}
  </Box>
);

const useBusyLabel = () => {
  const translate = useTranslate();
  return { 'aria-busy': true, 'aria-label': translate('app.loading'), role: 'status' } as const;
};

/** A page of its own (a management list, settings) on its way. */
export const PageSkeleton = () => (
  <Box {...useBusyLabel()} data-testid="page-skeleton" sx={{ p: 2, maxWidth: 960 }}>
    <Shapes rows={6} />
  </Box>
);

export interface PanelShape {
  /** The panel's width beside the map (CSS lengths) from the `sm` and `md` breakpoints on. */
  width: { sm: string; md: string };
  /** On a phone it opens as a bottom sheet (a report, a device card) rather than full screen. */
  sheetOnPhone: boolean;
}

/** A panel over the map (the device list, a report) on its way, where the panel will be. */
export const PanelSkeleton = ({ width, sheetOnPhone }: PanelShape) => {
  const busy = useBusyLabel();
  const placement: SxProps<Theme> = {
    position: 'absolute',
    zIndex: 1100,
    left: 0,
    bgcolor: 'background.paper',
    boxShadow: 4,
    p: 2,
    overflow: 'hidden',
    ...(sheetOnPhone
      ? {
          top: { xs: 'auto', sm: 0 },
          bottom: 0,
          right: { xs: 0, sm: 'auto' },
          height: { xs: '55%', sm: 'auto' },
          width: { xs: 'auto', ...width },
          borderRadius: { xs: '12px 12px 0 0', sm: 0 },
        }
      : { top: 0, bottom: 0, width: { xs: '100%', ...width } }),
  };
  return (
    <Box {...busy} data-testid="panel-skeleton" sx={placement}>
      <Shapes rows={4} />
    </Box>
  );
};
