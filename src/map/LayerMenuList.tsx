import { Menu, MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TileLayerDef } from './tileLayers';

interface LayerMenuListProps {
  anchor: HTMLElement;
  layers: TileLayerDef[];
  current: TileLayerDef;
  onChoose: (id: string) => void;
  onClose: () => void;
}

/** The base layers, the current one selected. */
export const LayerMenuList = ({
  anchor,
  layers,
  current,
  onChoose,
  onClose,
}: LayerMenuListProps) => {
  const translate = useTranslate();
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {layers.map((layer) => (
        <MenuItem
          key={layer.id}
          selected={layer.id === current.id}
          onClick={() => {
            onChoose(layer.id);
            onClose();
          }}
        >
          {translate(`map.layers.${layer.id}`)}
        </MenuItem>
      ))}
    </Menu>
  );
};
