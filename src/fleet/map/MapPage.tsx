import 'leaflet/dist/leaflet.css';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import { MapContainer } from 'react-leaflet';
import { LocalizedZoomControl } from '../../map/LocalizedZoomControl';
import { Outlet, useMatch } from 'react-router-dom';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import { PageTitle } from '../../common/PageTitle';
import { DeviceViewProvider, useDeviceView } from '../DeviceViewContext';
import { useLiveSelector } from '../../live/liveStore';
import type { LiveState } from '../../live/store';
import { PANEL_WIDTH } from '../../map/panelWidth';
import type { User } from '../../../model/user';
import { BaseLayer } from '../../map/BaseLayer';
import { GeofencesLayer } from '../../map/GeofencesLayer';
import { initialView, opensOnFleet } from '../../map/initialView';
import { LiveMarkers } from './LiveMarkers';
import { MapBinding } from '../../map/MapBinding';
import { ReadyWhenDrawn } from '../../map/ReadyWhenDrawn';
import { MapToolbar } from './MapToolbar';
import { OpeningView } from '../../map/OpeningView';
import { StatusCounters } from './StatusCounters';
import { StreetViewPanel } from '../../map/StreetViewPanel';
import { availableLayers, chooseLayer } from '../../map/tileLayers';
import { TrailLayer } from '../../map/TrailLayer';
import { useSaveMapChoice } from '../../map/useSaveMapChoice';
import { lazyPage } from '../../loading/lazyPage';
import { isShareViewer } from '../../authProvider/shareViewer';
// Report routes are drawn on this map, but only once a report or the history has been opened.
import { CombinedRouteLayer, RouteLayer } from '../../reports';

// How to connect a tracker, over the map of a user with no device yet: only they download it.
const FirstTrackerCard = lazyPage(
  () => import('./FirstTrackerCard').then((m) => m.FirstTrackerCard),
  { quiet: true },
);

const selectDeviceCount = (state: LiveState) => state.devices.size;

/** The first-tracker card, once the fleet is known to be empty (not while it loads). */
const EmptyFleet = ({ left }: { left: number }) => {
  const { loaded } = useDeviceView();
  const count = useLiveSelector(selectDeviceCount);
  return loaded && count === 0 ? <FirstTrackerCard left={left} /> : null;
};

/**
 * The map's layers and controls, in a render after Leaflet's map: creating the map lays the page
 * out, the base layer places its tiles and the marker layer its canvases, and together they were
 * one long task of the map's first commit.
 */
const AfterTheMap = ({ children }: { children: ReactNode }) =>
  useDeferredValue(true, false) ? children : null;

/** The map toolbar's column on the right (its 12 px margin, its buttons, a gap), in px. */
const MAP_TOOLBAR_ROOM = 64;

/**
 * `/home`, `/devices` and `/devices/:deviceId`: one map that stays mounted while the list and
 * detail panels come and go as child routes (`<Outlet />`).
 */
export const MapPage = () => {
  const translate = useTranslate();
  const { server } = useServerInfo();
  const { permissions: user, isPending } = usePermissions<User | null>();
  const view = useMemo(() => initialView(user, server), [user, server]);
  const framesFleet = opensOnFleet(user, server, isShareViewer(user));
  const layers = useMemo(() => availableLayers(server), [server]);
  const [layerId, setLayerId] = useState<string | null>(null);
  const layer = chooseLayer(layers, layerId ?? user?.map, server.map);
  const saveMapChoice = useSaveMapChoice();
  const detail = useMatch('/devices/:deviceId');
  const list = useMatch('/devices');
  const reports = useMatch('/reports/*');
  const history = useMatch('/history');
  const selectedId = detail ? Number(detail.params.deviceId) || null : null;
  const mobile = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const panelOpen = Boolean(detail || list);
  const reportOpen = Boolean(reports || history);
  const countersLeft = panelOpen && !mobile ? PANEL_WIDTH + 12 : 12;
  // Once a report has drawn a route, it stays on the map as before, wherever the user goes.
  const [routesShown, setRoutesShown] = useState(reportOpen);
  if (reportOpen && !routesShown) setRoutesShown(true);

  // The map mounts in a render of its own after the page around it: Leaflet's setup, its layers
  // and the fleet's markers are then not one long task with the page's first commit, which an
  // update from a query or the live store makes synchronous.
  const mapMounts = useDeferredValue(true, false);

  const chooseLayerId = (id: string) => {
    setLayerId(id);
    void saveMapChoice(id);
  };

  return (
    <DeviceViewProvider>
      <Box data-testid="home-map" sx={{ position: 'relative', flex: 1, minHeight: 320, mx: -1 }}>
        <PageTitle
          title={translate(reportOpen ? 'menu.reports' : panelOpen ? 'devices.title' : 'menu.map')}
        />
        {!isPending && mapMounts && (
          <MapContainer
            center={view.center}
            zoom={view.zoom}
            style={{ position: 'absolute', inset: 0 }}
            zoomControl={false}
          >
            <AfterTheMap>
              <LocalizedZoomControl position="bottomright" />
              <BaseLayer layer={layer} />
              <GeofencesLayer />
              <TrailLayer />
              {routesShown && <RouteLayer />}
              {routesShown && <CombinedRouteLayer />}
              <LiveMarkers selectedId={selectedId} />
              <MapBinding />
              <OpeningView framesFleet={framesFleet} deviceId={selectedId} />
              <ReadyWhenDrawn />
            </AfterTheMap>
          </MapContainer>
        )}
        <Box
          sx={{
            position: 'absolute',
            top: 12,
            left: countersLeft,
            // Clear of the toolbar on the right; narrower than the counters, they scroll.
            maxWidth: `calc(100% - ${countersLeft + MAP_TOOLBAR_ROOM}px)`,
            overflowX: 'auto',
            borderRadius: 1,
            boxShadow: 2,
            zIndex: 1000,
            display: reportOpen ? 'none' : { xs: panelOpen ? 'none' : 'block', sm: 'block' },
          }}
        >
          <StatusCounters />
        </Box>
        <Box sx={{ position: 'absolute', top: 12, right: 12, zIndex: 1000 }}>
          <MapToolbar layers={layers} current={layer} onChooseLayer={chooseLayerId} />
        </Box>
        <StreetViewPanel deviceId={selectedId} />
        {/* Beside the list on a wide screen; on a phone the open list has the whole screen. */}
        {!reportOpen && !(mobile && panelOpen) && !isShareViewer(user) && (
          <EmptyFleet left={panelOpen ? PANEL_WIDTH : 0} />
        )}
        <Outlet />
      </Box>
    </DeviceViewProvider>
  );
};
