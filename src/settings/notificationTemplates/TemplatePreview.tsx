import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TemplatePreview as Preview } from '../../../model/notificationTemplate';

/**
 * The server's rendering of the draft on a sample event: the subject, the short line of the web,
 * SMS and push notifications, the mail as a recipient sees it (in a sandboxed frame: the HTML is
 * the server's, with every value escaped, and runs nothing) and its plain-text part.
 */
export const TemplatePreview = ({
  preview,
  error,
  loading,
}: {
  preview: Preview | undefined;
  error: string | null;
  loading: boolean;
}) => {
  const translate = useTranslate();
  return (
    <Stack spacing={1.5} data-testid="template-preview">
      <Typography variant="subtitle1">{translate('notificationTemplates.preview')}</Typography>
      {loading && <LinearProgress />}
      {error && (
        <Alert severity="error" data-testid="template-preview-error">
          {error}
        </Alert>
      )}
      {preview && (
        <>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {translate('notificationTemplates.previewSubject')}
            </Typography>
            <Typography data-testid="template-preview-subject">{preview.subject}</Typography>
          </Box>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {translate('notificationTemplates.previewShort')}
            </Typography>
            <Typography data-testid="template-preview-short">{preview.short}</Typography>
          </Box>
          {/* A new frame for each rendering: Chromium at times keeps showing the old page when
              only the srcdoc of a frame still loading changes, and the mail would lag the text. */}
          <Box
            key={preview.html}
            component="iframe"
            title={translate('notificationTemplates.previewFrame')}
            srcDoc={preview.html}
            sandbox=""
            data-testid="template-preview-mail"
            sx={{ width: '100%', height: 460, border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
          <Box>
            <Typography variant="caption" color="text.secondary">
              {translate('notificationTemplates.previewText')}
            </Typography>
            <Box
              component="pre"
              data-testid="template-preview-text"
              sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 13, m: 0 }}
            >
              {preview.text}
            </Box>
          </Box>
        </>
      )}
    </Stack>
  );
};
