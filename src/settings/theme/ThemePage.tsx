import SaveIcon from '@mui/icons-material/Save';
import {
  AppBar as MuiAppBar,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  createTheme,
  FormControlLabel,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  ThemeProvider,
  Toolbar,
  Typography,
  type ThemeOptions,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import { publishServerInfo } from '../../bootstrap/serverInfoStore';
import { useSaveFeedback } from '../../common/useSaveFeedback';
import type { FrotaDataProvider } from '../../dataProvider';
import { BrandLogo, logoWidth } from '../../branding/BrandLogo';
import type { BrandConfig } from '../../../model/brand';
import {
  ASSET_FILES,
  COLOR_KEYS,
  defaultColors,
  mergeColors,
  type ColorKey,
} from '../../../model/theme';
import { useAccess } from '../../authProvider/useAccess';
import { AuthCardView } from '../../branding/AuthCard';
import { assetUrl } from '../../branding/assetUrl';
import { buildTheme } from '../../branding/muiTheme';
import { draftErrors, draftFrom, previewBrand, themeBody, type ThemeDraft } from './themeForm';
import { ThemeColorField } from './ThemeColorField';
import { ThemeUpload } from './ThemeUpload';

const SECTIONS = ['general', 'login', 'logos', 'colors'] as const;
type Section = (typeof SECTIONS)[number];

const LOGIN_COLORS: ColorKey[] = ['--tk-login-bg', '--tk-login-filter'];
const GENERAL_COLORS = COLOR_KEYS.filter((key) => !LOGIN_COLORS.includes(key));

/** The app bar and login card as they will look, in the draft's theme. */
const ThemePreview = ({ brand, draft }: { brand: BrandConfig; draft: ThemeDraft }) => {
  const translate = useTranslate();
  const { server } = useServerInfo();
  // Half-typed colours fall back to the defaults here: MUI throws on what it cannot parse.
  const safeColors = useMemo(() => mergeColors(draft.colors), [draft.colors]);
  const muiTheme = useMemo(() => createTheme(buildTheme(safeColors) as ThemeOptions), [safeColors]);
  return (
    <ThemeProvider theme={muiTheme}>
      <Box
        data-testid="theme-preview"
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
      >
        <MuiAppBar position="static" color="primary" elevation={0}>
          <Toolbar variant="dense">
            <Box sx={{ width: 180, height: 40, display: 'flex', alignItems: 'center' }}>
              <BrandLogo brand={brand} width={logoWidth(brand.logoWidth, server.attributes)} />
            </Box>
          </Toolbar>
        </MuiAppBar>
        <AuthCardView brand={brand} colors={safeColors} fullPage={false}>
          <TextField size="small" label={translate('login.username')} disabled />
          <TextField size="small" label={translate('login.password')} disabled />
          <Button variant="contained" tabIndex={-1}>
            {translate('login.signIn')}
          </Button>
        </AuthCardView>
      </Box>
    </ThemeProvider>
  );
};

/** `/theme` (administrators with the plus licence, resellers for their own brand): the theme editor. */
export const ThemePage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { can } = useAccess();
  const feedback = useSaveFeedback();
  const info = useServerInfo();
  const { brand, colors } = info;
  const [draft, setDraft] = useState<ThemeDraft>(() => draftFrom(brand, colors));
  const [section, setSection] = useState<Section>('general');
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const publish = useMutation({
    mutationFn: async (published: ThemeDraft) => {
      await dataProvider.saveTheme(themeBody(published));
      // What this address shows now (a reseller saving on the main domain changed their own
      // brand, not this one), read back as at start-up, so the whole app follows without a
      // reload that would also swallow the confirmation.
      const [saved, savedColors] = await Promise.all([
        dataProvider.getBrand(),
        dataProvider.getThemeColors(),
      ]);
      publishServerInfo({ ...info, brand: saved, colors: savedColors });
    },
    onSuccess: () => feedback.saved('themeEditor.saved'),
    onError: feedback.failed,
  });
  const saving = publish.isPending;
  const errors = useMemo(() => draftErrors(draft), [draft]);
  const shown = previewBrand(brand, draft);

  if (!can('edit', 'theme')) return null;

  const setConfig = (patch: Partial<ThemeDraft['config']>) =>
    setDraft((current) => ({ ...current, config: { ...current.config, ...patch } }));
  const setColor = (key: ColorKey, value: string) =>
    setDraft((current) => ({ ...current, colors: { ...current.colors, [key]: value } }));
  const uploaded = (config: BrandConfig) =>
    setDraft((current) => ({
      ...current,
      version: config.version,
      favicon: current.favicon || config.favicon,
      config: {
        ...current.config,
        headLogo: {
          ...current.config.headLogo,
          image: current.config.headLogo.image || config.headLogo.image,
        },
        loginLogo: current.config.loginLogo || config.loginLogo,
        loginBackground: current.config.loginBackground || config.loginBackground,
      },
    }));
  const err = (key: keyof typeof errors) => {
    const message = errors[key];
    return message ? translate(message) : undefined;
  };

  const save = () => {
    if (Object.keys(errors).length > 0) {
      notify('themeEditor.invalid', { type: 'error' });
      return;
    }
    publish.mutate(draft);
  };

  const colorFields = (keys: readonly ColorKey[]) => (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
      }}
    >
      {keys.map((key) => (
        <ThemeColorField
          key={key}
          name={key}
          value={draft.colors[key]}
          error={errors[key]}
          onChange={(value) => setColor(key, value)}
        />
      ))}
    </Box>
  );

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('themeEditor.title')} />
      <Tabs value={section} onChange={(_event, value: Section) => setSection(value)}>
        {SECTIONS.map((name) => (
          <Tab key={name} value={name} label={translate(`themeEditor.${name}`)} />
        ))}
      </Tabs>
      <CardContent
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 440px' },
        }}
      >
        <Stack spacing={2}>
          {section === 'general' && (
            <>
              <TextField
                id="theme-title"
                label={translate('themeEditor.appName')}
                value={draft.config.title}
                onChange={(event) => setConfig({ title: event.target.value })}
                error={Boolean(errors.title)}
                helperText={err('title') ?? ' '}
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
              <TextField
                id="theme-whatsapp"
                label={translate('themeEditor.whatsapp')}
                value={draft.config.whatsapp}
                onChange={(event) => setConfig({ whatsapp: event.target.value })}
                error={Boolean(errors.whatsapp)}
                helperText={err('whatsapp') ?? translate('themeEditor.whatsappHelp')}
                slotProps={{ htmlInput: { maxLength: 30, inputMode: 'tel' } }}
              />
            </>
          )}
          {section === 'login' && (
            <>
              <ThemeUpload
                type="bg-login"
                label={translate('themeEditor.background')}
                preview={shown.loginBackground ? assetUrl(ASSET_FILES.background, shown) : null}
                onUploaded={uploaded}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={draft.config.loginBackground}
                    onChange={(event) => setConfig({ loginBackground: event.target.checked })}
                  />
                }
                label={translate('themeEditor.useBackground')}
              />
              {colorFields(LOGIN_COLORS)}
            </>
          )}
          {section === 'logos' && (
            <>
              <ThemeUpload
                type="logo-interno"
                label={translate('themeEditor.internalLogo')}
                preview={shown.headLogo.image ? assetUrl(ASSET_FILES.logo, shown) : null}
                onUploaded={uploaded}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={draft.config.headLogo.image}
                    onChange={(event) =>
                      setConfig({
                        headLogo: { ...draft.config.headLogo, image: event.target.checked },
                      })
                    }
                  />
                }
                label={translate('themeEditor.logoImage')}
              />
              <TextField
                label={translate('themeEditor.logoText')}
                value={draft.config.headLogo.text}
                onChange={(event) =>
                  setConfig({ headLogo: { ...draft.config.headLogo, text: event.target.value } })
                }
                error={Boolean(errors.logoText)}
                helperText={err('logoText') ?? translate('themeEditor.logoTextHelp')}
                slotProps={{ htmlInput: { maxLength: 40 } }}
              />
              <TextField
                type="number"
                label={translate('themeEditor.logoWidth')}
                value={draft.config.logoWidth}
                onChange={(event) => setConfig({ logoWidth: Number(event.target.value) })}
                error={Boolean(errors.logoWidth)}
                helperText={err('logoWidth') ?? ' '}
                slotProps={{ htmlInput: { min: 10, max: 100, step: 5 } }}
              />
              <ThemeUpload
                type="logo-login"
                label={translate('themeEditor.loginLogo')}
                preview={shown.loginLogo ? assetUrl(ASSET_FILES.logoLogin, shown) : null}
                onUploaded={uploaded}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={draft.config.loginLogo}
                    onChange={(event) => setConfig({ loginLogo: event.target.checked })}
                  />
                }
                label={translate('themeEditor.useLoginLogo')}
              />
              <ThemeUpload
                type="fav-icon"
                label={translate('themeEditor.favicon')}
                preview={shown.favicon ? assetUrl(ASSET_FILES.favicon(192), shown) : null}
                onUploaded={uploaded}
              />
            </>
          )}
          {section === 'colors' && (
            <>
              {colorFields(GENERAL_COLORS)}
              <Box>
                <Button
                  onClick={() =>
                    setDraft((current) => ({
                      ...current,
                      colors: { ...defaultColors },
                    }))
                  }
                >
                  {translate('themeEditor.reset')}
                </Button>
              </Box>
            </>
          )}
          <Box>
            <Button
              variant="contained"
              startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
              disabled={saving}
              onClick={save}
              data-testid="theme-save"
            >
              {translate('ra.action.save')}
            </Button>
          </Box>
        </Stack>
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {translate('themeEditor.preview')}
          </Typography>
          <ThemePreview brand={shown} draft={draft} />
        </Box>
      </CardContent>
    </Card>
  );
};
