import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  IconButton,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { EventType } from '../../../model/event';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../../model/language';
import { TEMPLATE_EVENT_TYPES } from '../../../model/notificationTemplate';
import type { FrotaDataProvider } from '../../dataProvider';
import { useErrorText } from '../../dataProvider/featureErrors';
import { LOCALE_NAMES } from '../../i18n/locales';
import { TemplateEditor } from './TemplateEditor';

/**
 * `/notification-templates` (administrators, from the server settings): the text of every event
 * type's notification in each of the three languages, edited with a live preview the server
 * renders on a sample event.
 */
export const NotificationTemplatesPage = () => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const [locale] = useLocaleState();
  const [language, setLanguage] = useState<Language>(
    isLanguage(locale) ? locale : DEFAULT_LANGUAGE,
  );
  const [type, setType] = useState<EventType>(TEMPLATE_EVENT_TYPES[0]);
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const templates = useQuery({
    queryKey: ['notificationTemplates', language],
    queryFn: ({ signal }) => dataProvider.getNotificationTemplates(language, signal),
  });
  const template = templates.data?.find((item) => item.type === type);
  const title = translate('notificationTemplates.title');

  return (
    <Box sx={{ p: 2 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <IconButton
          component={Link}
          to="/server"
          aria-label={translate('notificationTemplates.back')}
        >
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h6">{title}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {translate('notificationTemplates.intro')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={language}
        onChange={(_event, next: unknown) => {
          if (isLanguage(next)) setLanguage(next);
        }}
        aria-label={translate('notificationTemplates.language')}
        sx={{ mb: 2 }}
      >
        {LANGUAGES.map((item) => (
          <ToggleButton key={item} value={item} lang={item}>
            {LOCALE_NAMES[item]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {templates.error && <Alert severity="error">{errorText(templates.error)}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Card>
          <List
            dense
            aria-label={translate('notificationTemplates.types')}
            sx={{ maxHeight: { md: '70vh' }, overflowY: 'auto' }}
          >
            {TEMPLATE_EVENT_TYPES.map((item) => {
              const custom = templates.data?.find((entry) => entry.type === item)?.custom;
              return (
                <ListItemButton
                  key={item}
                  selected={item === type}
                  onClick={() => setType(item)}
                  data-testid={`template-type-${item}`}
                >
                  <ListItemText primary={translate(`events.${item}`, { _: item })} />
                  {custom && (
                    <Chip size="small" label={translate('notificationTemplates.custom')} />
                  )}
                </ListItemButton>
              );
            })}
          </List>
        </Card>
        <Card>
          <CardContent>
            {template ? (
              // A new template (another type, language, or the saved text) starts a fresh draft.
              <TemplateEditor
                key={`${template.type}|${template.language}|${template.subject}|${template.body}`}
                template={template}
              />
            ) : (
              !templates.error && <LinearProgress />
            )}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
};
