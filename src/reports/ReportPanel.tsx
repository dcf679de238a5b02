import { type ReactNode, useEffect, useRef } from 'react';
import { useCanAccess } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { MapPanel } from '../common/MapPanel';
import { routeStore } from './routeStore';

/** Width of the report panels over the map (tables need more room than the device panel). */
const REPORT_PANEL_WIDTH = 760;

/** The report shell over the live map: back (to the chooser), title, close (to /home). */
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
      placement={{ top: 0, bottom: 0, left: 0, width: { xs: '100%', md: `min(${width}px, 70%)` } }}
      square
    >
      {children}
    </MapPanel>
  );
};
