import StreetviewIcon from '@mui/icons-material/Streetview';
import { IconButton, Paper } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Hint } from '../../common/Hint';
import { LayerMenu } from '../../map/LayerMenu';
import { MapPrefsMenu } from './MapPrefsMenu';
import { mapUi, useMapUi } from '../../map/mapUi';
import type { TileLayerDef } from '../../map/tileLayers';

interface MapToolbarProps {
  layers: TileLayerDef[];
  current: TileLayerDef;
  onChooseLayer: (id: string) => void;
}

/** Top-right map controls: base layer, preferences, street view. */
export const MapToolbar = ({ layers, current, onChooseLayer }: MapToolbarProps) => {
  const translate = useTranslate();
  const { streetView } = useMapUi();
  const label = translate(streetView ? 'map.streetViewOff' : 'map.streetView');
  return (
    <Paper elevation={2} sx={{ display: 'flex', flexDirection: 'column' }}>
      <LayerMenu layers={layers} current={current} onChoose={onChooseLayer} />
      <MapPrefsMenu />
      <Hint title={label}>
        <IconButton
          aria-label={label}
          aria-pressed={streetView}
          color={streetView ? 'primary' : 'default'}
          onClick={mapUi.toggleStreetView}
        >
          <StreetviewIcon />
        </IconButton>
      </Hint>
    </Paper>
  );
};
