import LayersIcon from '@mui/icons-material/Layers';
import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { TileLayerDef } from './tileLayers';

interface LayerMenuProps {
  layers: TileLayerDef[];
  current: TileLayerDef;
  onChoose: (id: string) => void;
}

export const LayerMenu = ({ layers, current, onChoose }: LayerMenuProps) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={translate('map.layer')}>
        <IconButton
          aria-label={translate('map.layer')}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <LayersIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {layers.map((layer) => (
          <MenuItem
            key={layer.id}
            selected={layer.id === current.id}
            onClick={() => {
              onChoose(layer.id);
              setAnchor(null);
            }}
          >
            {translate(`map.layers.${layer.id}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
