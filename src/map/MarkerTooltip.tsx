import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CLUSTER_NAMES, type Hit, type MarkerLayer } from './markers/MarkerLayer';

/** The hovered marker's name, or the devices inside a hovered cluster; text only. */
export const MarkerTooltip = ({ hit, layer }: { hit: Hit; layer: MarkerLayer }) => {
  const translate = useTranslate();
  const lines =
    hit.kind === 'marker'
      ? [layer.deviceOf(hit.id)?.name ?? '']
      : [
          translate('map.clusterCount', { smart_count: hit.count }),
          ...hit.names,
          ...(hit.count > CLUSTER_NAMES
            ? [translate('map.clusterMore', { smart_count: hit.count - CLUSTER_NAMES })]
            : []),
        ];
  return (
    <Box
      role="tooltip"
      data-testid="marker-tooltip"
      sx={{
        position: 'absolute',
        left: hit.x,
        top: hit.y - 22,
        transform: 'translate(-50%, -100%)',
        zIndex: 1000,
        pointerEvents: 'none',
        bgcolor: 'background.paper',
        boxShadow: 2,
        borderRadius: 1,
        px: 1,
        py: 0.5,
        fontSize: 12,
        maxWidth: 260,
        whiteSpace: 'nowrap',
      }}
    >
      {lines.map((line, index) => (
        <Box
          key={index}
          sx={{ fontWeight: index === 0 ? 600 : 400, overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {line}
        </Box>
      ))}
    </Box>
  );
};
