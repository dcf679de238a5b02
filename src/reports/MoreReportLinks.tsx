import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import FenceIcon from '@mui/icons-material/Fence';
import LayersIcon from '@mui/icons-material/Layers';
import { ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** The chooser's entries beyond the five reports: combined, geofences, scheduled reports. */
export const MoreReportLinks = () => {
  const translate = useTranslate();
  const { canAccess: canSchedule } = useCanAccess({
    resource: 'scheduled-reports',
    action: 'list',
  });
  return (
    <>
      <ListItemButton component={Link} to="/reports/combined">
        <ListItemIcon>
          <LayersIcon />
        </ListItemIcon>
        <ListItemText
          primary={translate('reportsMore.views.combined')}
          secondary={translate('reportsMore.hints.combined')}
        />
      </ListItemButton>
      <ListItemButton component={Link} to="/reports/geofences">
        <ListItemIcon>
          <FenceIcon />
        </ListItemIcon>
        <ListItemText
          primary={translate('reportsMore.views.geofences')}
          secondary={translate('reportsMore.hints.geofences')}
        />
      </ListItemButton>
      {canSchedule && (
        <ListItemButton component={Link} to="/scheduled-reports">
          <ListItemIcon>
            <EventRepeatIcon />
          </ListItemIcon>
          <ListItemText
            primary={translate('reportsMore.scheduled')}
            secondary={translate('reportsMore.hints.scheduled')}
          />
        </ListItemButton>
      )}
    </>
  );
};
