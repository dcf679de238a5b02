import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { MapPanel, PanelIconButton } from '../common/MapPanel';
import { mapUi } from './mapUi';
import { PANEL_WIDTH } from './panelWidth';

const EXPANDED_WIDTH = 640;

interface PanelProps {
  title: ReactNode;
  /** Where the back button goes; no back button without it. */
  backTo?: string;
  /** On phones, open as a bottom sheet over the map instead of a full-height side panel. */
  bottomSheet?: boolean;
  testId: string;
  children: ReactNode;
}

/** `?expand=true|false` widens the panel; the state lives in the URL so links keep it. */
export const useExpanded = (): [boolean, (expanded: boolean) => void] => {
  const [params, setParams] = useSearchParams();
  const expanded = params.get('expand') === 'true';
  const setExpanded = (next: boolean) => {
    const copy = new URLSearchParams(params);
    copy.set('expand', String(next));
    setParams(copy, { replace: true });
  };
  return [expanded, setExpanded];
};

/** The header button that widens a panel over the map, and narrows it again (`useExpanded`). */
export const ExpandToggle = () => {
  const translate = useTranslate();
  const [expanded, setExpanded] = useExpanded();
  return (
    <PanelIconButton
      label={translate(expanded ? 'detail.collapse' : 'detail.expand')}
      onClick={() => setExpanded(!expanded)}
    >
      {expanded ? <CloseFullscreenIcon fontSize="small" /> : <OpenInFullIcon fontSize="small" />}
    </PanelIconButton>
  );
};

/** The device panels over the map: a side panel (a bottom sheet on phones) that can widen. */
export const Panel = ({ title, backTo, bottomSheet, testId, children }: PanelProps) => {
  const [expanded] = useExpanded();
  const mobile = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const sheet = mobile && bottomSheet;
  // On a phone the panel covers the whole map or sits below it: nothing to keep devices beside.
  const covers = mobile ? 0 : expanded ? EXPANDED_WIDTH : PANEL_WIDTH;
  useEffect(() => {
    mapUi.setInset(covers);
    return () => mapUi.setInset(0);
  }, [covers]);
  // A bottom sheet covers the map's lower part, as tall as its content: the device it shows is
  // kept in view above it.
  const sheetRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sheetRef.current;
    if (!sheet || !element) return;
    const observer = new ResizeObserver(() => mapUi.setBottomInset(element.offsetHeight));
    observer.observe(element);
    mapUi.setBottomInset(element.offsetHeight);
    return () => {
      observer.disconnect();
      mapUi.setBottomInset(0);
    };
  }, [sheet]);
  const placement = sheet
    ? {
        left: 0,
        right: 0,
        bottom: 0,
        maxHeight: expanded ? '90%' : '55%',
        borderRadius: '12px 12px 0 0',
      }
    : {
        top: 0,
        bottom: 0,
        left: 0,
        width: mobile ? '100%' : expanded ? EXPANDED_WIDTH : PANEL_WIDTH,
      };
  return (
    <MapPanel
      ref={sheetRef}
      title={title}
      backTo={backTo}
      testId={testId}
      data={{ 'data-expanded': expanded }}
      placement={placement}
      square={!sheet}
      scroll
      actions={<ExpandToggle />}
    >
      {children}
    </MapPanel>
  );
};
