import 'leaflet/dist/leaflet.css';
import { Box } from '@mui/material';
import { useMemo } from 'react';
import { MapContainer, TileLayer } from 'react-leaflet';
import { Title, usePermissions, useTranslate } from 'react-admin';
import { useServerInfo } from '../bootstrap/ServerInfoContext';
import type { User } from '../model/user';
import { initialView } from './initialView';

const OSM_TILES = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** `/home`: the map alone; live devices join it in a later issue. */
export const HomePage = () => {
  const translate = useTranslate();
  const { server } = useServerInfo();
  const { permissions: user, isPending } = usePermissions<User | null>();
  const view = useMemo(() => initialView(user, server), [user, server]);
  return (
    // Cancel the layout's side padding so the map reaches the edges.
    <Box data-testid="home-map" sx={{ position: 'relative', flex: 1, minHeight: 320, mx: -1 }}>
      <Title title={translate('menu.map')} />
      {/* The centre is only read on mount, so wait for the user's own map defaults. */}
      {!isPending && (
        <MapContainer
          center={view.center}
          zoom={view.zoom}
          style={{ position: 'absolute', inset: 0 }}
        >
          <TileLayer url={OSM_TILES} attribution={OSM_ATTRIBUTION} />
        </MapContainer>
      )}
    </Box>
  );
};
