import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { MapPanel, PanelIconButton } from '../common/MapPanel';
import { ExpandToggle, useExpanded } from '../map/Panel';
import { routeStore } from './routeStore';

/** Width of the report panels over the map (tables need more room than the device panel). */
const REPORT_PANEL_WIDTH = 760;

/**
 * Widened, a report leaves only the map's own buttons uncovered: every column of a wide table
 * (trips, summary) shows at once, where the narrow panel scrolls them sideways.
 */
const EXPANDED_WIDTH = 'calc(100% - 64px)';

/**
 * On a phone a report is a bottom sheet over the map, as the device card is: the route stays in
 * view above it. Half the map at first, nearly all of it widened, only its header (and the
 * playback) minimised.
 */
const SHEET_HEIGHT = '55%';
const SHEET_EXPANDED_HEIGHT = '90%';

/** Whether reports show as a bottom sheet (phones) rather than a side panel. */
export const useReportSheet = (): boolean =>
  useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

type SheetState = 'minimized' | 'half' | 'full';

/**
 * The report shell over the live map: back (to the chooser), title, widen (`?expand=true`, as the
 * device panel), close (to /home). On a phone it is a bottom sheet that can be minimised to its
 * header and `peek` (the playback), leaving what the report drew on the map.
 */
export const ReportPanel = ({
  title,
  backTo,
  testId,
  width = REPORT_PANEL_WIDTH,
  peek,
  children,
}: {
  title: string;
  backTo?: string;
  testId: string;
  width?: number;
  /** Shown under the header of the phone's sheet, minimised or not. */
  peek?: ReactNode;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ resource: 'reports', action: 'list' });
  const [expanded] = useExpanded();
  const sheet = useReportSheet();
  const [minimized, setMinimized] = useState(false);
  // Between a phone's sheet and a laptop's side panel: the side panel already takes the whole
  // width there, nothing to widen.
  const widens = useMediaQuery<Theme>((theme) => theme.breakpoints.up('md'));
  const paper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = paper.current;
    if (!element) return undefined;
    // What the panel covers is kept clear when a route is fitted: the left side beside a side
    // panel, the part above a sheet.
    const measure = () => {
      routeStore.setInset(sheet ? 0 : element.offsetWidth);
      routeStore.setBottomInset(sheet ? element.offsetHeight : 0);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => {
      observer.disconnect();
      routeStore.setInset(0);
      routeStore.setBottomInset(0);
    };
  }, [canAccess, sheet]);
  if (isPending) return null;
  if (!canAccess) return <Navigate to="/home" replace />;

  const state: SheetState = minimized ? 'minimized' : expanded ? 'full' : 'half';
  const placement = sheet
    ? {
        left: 0,
        right: 0,
        bottom: 0,
        height: minimized ? 'auto' : expanded ? SHEET_EXPANDED_HEIGHT : SHEET_HEIGHT,
        borderRadius: '12px 12px 0 0',
      }
    : {
        top: 0,
        bottom: 0,
        left: 0,
        width: { xs: '100%', md: expanded ? EXPANDED_WIDTH : `min(${width}px, 70%)` },
      };
  const minimizeToggle = (
    <PanelIconButton
      label={translate(minimized ? 'reports.sheet.restore' : 'reports.sheet.minimize')}
      onClick={() => setMinimized(!minimized)}
    >
      {minimized ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
    </PanelIconButton>
  );
  return (
    <MapPanel
      ref={paper}
      title={title}
      titleComponent="h2"
      backTo={backTo}
      testId={testId}
      data={{ 'data-expanded': expanded, ...(sheet ? { 'data-sheet': state } : {}) }}
      placement={placement}
      square={!sheet}
      scroll={sheet}
      actions={
        sheet ? (
          <>
            {minimizeToggle}
            {!minimized && <ExpandToggle />}
          </>
        ) : widens ? (
          <ExpandToggle />
        ) : undefined
      }
      subheader={sheet ? peek : undefined}
    >
      {sheet ? (
        // In the sheet the body scrolls as a whole; its parts keep their height rather than
        // being squeezed into it. Minimised, it stays mounted (the filter keeps its choices).
        <Box
          data-testid="report-sheet-body"
          sx={{ display: minimized ? 'none' : 'flex', flexDirection: 'column', flexShrink: 0 }}
        >
          {children}
        </Box>
      ) : (
        children
      )}
    </MapPanel>
  );
};
