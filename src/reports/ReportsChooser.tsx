import EventNoteIcon from '@mui/icons-material/EventNote';
import LocalParkingIcon from '@mui/icons-material/LocalParking';
import RouteIcon from '@mui/icons-material/Route';
import SummarizeIcon from '@mui/icons-material/Summarize';
import TimelineIcon from '@mui/icons-material/Timeline';
import { List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { REPORT_VIEWS, type ReportView } from './views';
import { ReportPanel } from './ReportPanel';
import { MoreReportLinks } from './MoreReportLinks';

const ICONS: Record<ReportView, ReactElement> = {
  resume: <SummarizeIcon />,
  travels: <RouteIcon />,
  stops: <LocalParkingIcon />,
  events: <EventNoteIcon />,
  history: <TimelineIcon />,
};

/** `/reports`: the report chooser. */
export const ReportsChooser = () => {
  const translate = useTranslate();
  return (
    <ReportPanel title={translate('reports.title')} testId="reports-chooser" width={420}>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2 }}>
        {translate('reports.choose')}
      </Typography>
      {/* Links, not list items: a navigation block, as MUI lays out a list of link buttons. */}
      <List component="nav" aria-label={translate('reports.title')}>
        {REPORT_VIEWS.map((view) => (
          <ListItemButton key={view} component={Link} to={`/reports/${view}`}>
            <ListItemIcon>{ICONS[view]}</ListItemIcon>
            <ListItemText
              primary={translate(`reports.views.${view}`)}
              secondary={translate(`reports.hints.${view}`)}
            />
          </ListItemButton>
        ))}
        <MoreReportLinks />
      </List>
    </ReportPanel>
  );
};
