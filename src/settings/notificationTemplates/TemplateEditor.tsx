import { Box, Button, Chip, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import {
  TEMPLATE_LIMITS,
  TEMPLATE_PLACEHOLDERS,
  type NotificationTemplate,
} from '../../../model/notificationTemplate';
import type { FrotaDataProvider } from '../../dataProvider';
import { useErrorText } from '../../dataProvider/featureErrors';
import type { TemplateDraft } from '../../dataProvider/notificationTemplates';
import { TemplatePreview } from './TemplatePreview';

type Field = keyof TemplateDraft;

/** The value after the user stopped typing for `ms`, so the preview is not asked per key. */
const useSettled = <T,>(value: T, ms: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

/**
 * One event type's template in one language: subject and body with the placeholders to insert,
 * the server's preview as the user types, save and restore the default.
 */
export const TemplateEditor = ({ template }: { template: NotificationTemplate }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { type, language } = template;
  const [draft, setDraft] = useState<TemplateDraft>({
    subject: template.subject,
    body: template.body,
  });
  const [lastField, setLastField] = useState<Field>('body');
  const inputs = useRef<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>({
    subject: null,
    body: null,
  });
  const settled = useSettled(draft, 400);

  const preview = useQuery({
    queryKey: ['notificationTemplatePreview', type, language, settled.subject, settled.body],
    queryFn: ({ signal }) =>
      dataProvider.previewNotificationTemplate(type, language, settled, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ['notificationTemplates', language] });
  const save = useMutation({
    mutationFn: () => dataProvider.saveNotificationTemplate(type, language, draft),
    onSuccess: async () => {
      notify('notificationTemplates.saved', { type: 'success' });
      await refresh();
    },
    onError: (error) => notify(errorText(error), { type: 'error' }),
  });
  const reset = useMutation({
    mutationFn: () => dataProvider.resetNotificationTemplate(type, language),
    onSuccess: async () => {
      notify('notificationTemplates.resetDone', { type: 'success' });
      await refresh();
    },
    onError: (error) => notify(errorText(error), { type: 'error' }),
  });

  /** Puts `{name}` where the caret was in the field last edited. */
  const insert = (name: string) => {
    const field = lastField;
    const input = inputs.current[field];
    const token = `{${name}}`;
    const start = input?.selectionStart ?? input?.value.length ?? 0;
    const end = input?.selectionEnd ?? start;
    // From the latest draft, never one a stale render closed over.
    setDraft((latest) => {
      const value = latest[field];
      return { ...latest, [field]: value.slice(0, start) + token + value.slice(end) };
    });
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const changed = draft.subject !== template.subject || draft.body !== template.body;
  const fieldProps = (field: Field) => ({
    value: draft[field],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setDraft((latest) => ({ ...latest, [field]: value }));
    },
    onFocus: () => setLastField(field),
    inputRef: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      inputs.current[field] = element;
    },
    label: translate(`notificationTemplates.${field}`),
    fullWidth: true,
    slotProps: {
      htmlInput: { maxLength: TEMPLATE_LIMITS[field], 'data-testid': `template-${field}` },
    },
  });

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
      }}
    >
      <Stack spacing={2}>
        <Typography variant="subtitle1">{translate(`events.${type}`, { _: type })}</Typography>
        <TextField {...fieldProps('subject')} />
        <TextField {...fieldProps('body')} multiline minRows={4} />
        <Box>
          <Typography variant="subtitle2">
            {translate('notificationTemplates.placeholders')}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {translate('notificationTemplates.placeholdersHint')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {TEMPLATE_PLACEHOLDERS.map((name) => (
              <Tooltip key={name} title={translate(`notificationTemplates.fields.${name}`)}>
                <Chip
                  label={`{${name}}`}
                  size="small"
                  variant="outlined"
                  // Keeps the caret in the field: the click must not take the focus first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => insert(name)}
                  aria-label={translate('notificationTemplates.insert', {
                    placeholder: translate(`notificationTemplates.fields.${name}`),
                  })}
                />
              </Tooltip>
            ))}
          </Box>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            onClick={() => save.mutate()}
            disabled={!changed || save.isPending}
          >
            {translate('notificationTemplates.save')}
          </Button>
          <Button onClick={() => reset.mutate()} disabled={!template.custom || reset.isPending}>
            {translate('notificationTemplates.reset')}
          </Button>
        </Stack>
      </Stack>
      <TemplatePreview
        preview={preview.error ? undefined : preview.data}
        error={preview.error ? errorText(preview.error) : null}
        loading={preview.isFetching}
      />
    </Box>
  );
};
