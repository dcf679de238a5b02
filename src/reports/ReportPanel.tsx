import { useMediaQuery, type Theme } from '@mui/material';
import { type ReactNode, useEffect, useRef } from 'react';
import { useCanAccess } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { MapPanel } from '../common/MapPanel';
import { ExpandToggle, useExpanded } from '../fleet/Panel';
import { routeStore } from './routeStore';

/** Width of the report panels over the map (tables need more room than the device panel). */
const REPORT_PANEL_WIDTH = 760;

/**
 * Widened, a report leaves only the map's own buttons uncovered: every column of a wide table
 * (trips, summary) shows at once, where the narrow panel scrolls them sideways.
 */
const EXPANDED_WIDTH = 'calc(100% - 64px)';

/**
 * The report shell over the live map: back (to the chooser), title, widen (`?expand=true`, as the
 * device panel), close (to /home).
 */
export const ReportPanel = ({
  title,
  backTo,
  testId,
  width = REPORT_PANEL_WIDTH,
  children,
}: {
  title: string;
  backTo?: string;
  testId: string;
  width?: number;
  children: ReactNode;
}) => {
  const { canAccess, isPending } = useCanAccess({ resource: 'reports', action: 'list' });
  const [expanded] = useExpanded();
  // Below `md` the panel already takes the whole width: nothing to widen.
  const widens = useMediaQuery<Theme>((theme) => theme.breakpoints.up('md'));
  const paper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = paper.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => routeStore.setInset(element.offsetWidth));
    observer.observe(element);
    routeStore.setInset(element.offsetWidth);
    return () => {
      observer.disconnect();
      routeStore.setInset(0);
    };
  }, [canAccess]);
  if (isPending) return null;
  if (!canAccess) return <Navigate to="/home" replace />;
  return (
    <MapPanel
      ref={paper}
      title={title}
      titleComponent="h2"
      backTo={backTo}
      testId={testId}
      data={{ 'data-expanded': expanded }}
      placement={{
        top: 0,
        bottom: 0,
        left: 0,
        width: { xs: '100%', md: expanded ? EXPANDED_WIDTH : `min(${width}px, 70%)` },
      }}
      square
      actions={widens ? <ExpandToggle /> : undefined}
    >
      {children}
    </MapPanel>
  );
};
