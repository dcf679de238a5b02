import { Box, Chip } from '@mui/material';
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { can } from '../authProvider/permissions';
import { mapUi } from '../map/mapUi';
import { AddDeviceButton } from './AddDeviceButton';
import { DeviceList } from './DeviceList';
import { DeviceSearch } from './DeviceSearch';
import { useDeviceView } from './DeviceViewContext';
import { Panel } from '../map/Panel';
import { SortBar } from './SortBar';
import { useAccess } from '../authProvider/useAccess';
import { useDeviceFilters } from './usePrefs';

const OnlyOneChip = () => {
  const translate = useTranslate();
  const [filters, setFilters] = useDeviceFilters();
  if (filters.onlyId === null) return null;
  return (
    <Chip
      size="small"
      label={translate('filters.showEveryone')}
      onDelete={() => setFilters({ ...filters, onlyId: null })}
      sx={{ mx: 1, mb: 1 }}
    />
  );
};

/** "Dispositivos (123)": the only part of the panel that follows every filter change. */
const PanelTitle = () => {
  const translate = useTranslate();
  const { ids } = useDeviceView();
  return `${translate('devices.title')} (${ids.length})`;
};

/** `/devices`: search, sorting and the virtualized list beside the map. */
export const DeviceListPanel = () => {
  const { access } = useAccess();
  // Here rather than in the list, which re-renders on every keystroke.
  const navigate = useNavigate();
  const open = useCallback(
    (id: number) => {
      navigate(`/devices/${id}`);
      mapUi.reveal(id);
    },
    [navigate],
  );
  return (
    <Panel testId="device-panel" title={<PanelTitle />}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1 }}>
        <DeviceSearch />
        <AddDeviceButton />
      </Box>
      <OnlyOneChip />
      <SortBar />
      <DeviceList selectedId={null} showAnchor={can(access, 'anchor')} onOpen={open} />
    </Panel>
  );
};
