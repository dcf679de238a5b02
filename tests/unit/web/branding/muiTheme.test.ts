import { createTheme, type ThemeOptions } from '@mui/material';
import { describe, expect, it } from 'vitest';
import { defaultBrand } from '../../../../model/brand';
import { defaultColors } from '../../../../model/theme';
import { assetUrl } from '../../../../src/branding/assetUrl';
import { buildTheme } from '../../../../src/branding/muiTheme';
import {
  draftErrors,
  draftFrom,
  previewBrand,
  themeBody,
} from '../../../../src/settings/theme/themeForm';
import { whatsappLink } from '../../../../src/branding/WhatsAppButton';

describe('buildTheme', () => {
  it('maps the published colours onto the MUI palette', () => {
    const colors = {
      ...defaultColors,
      '--el-color-primary': '#123456',
      '--el-color-primary-light-3': '#345678',
      '--tk-color-secondary': '#aa0000',
      '--el-color-success': '#00aa00',
      '--el-color-warning': '#aaaa00',
      '--el-color-danger': '#ff0000',
      '--el-color-info': '#0000ff',
      '--el-bg-color': '#fafafa',
      '--el-text-color-primary': '#111111',
      '--el-text-color-regular': '#666666',
    };
    const palette = createTheme(buildTheme(colors) as ThemeOptions).palette;
    expect(palette.primary.main).toBe('#123456');
    expect(palette.primary.light).toBe('#345678');
    expect(palette.primary.contrastText).toBe('#fff');
    expect(palette.secondary.main).toBe('#aa0000');
    expect(palette.success.main).toBe('#00aa00');
    expect(palette.warning.main).toBe('#aaaa00');
    expect(palette.error.main).toBe('#ff0000');
    expect(palette.info.main).toBe('#0000ff');
    expect(palette.background.default).toBe('#fafafa');
    expect(palette.text.primary).toBe('#111111');
    expect(palette.text.secondary).toBe('#666666');
  });

  it('keeps the base theme for the defaults', () => {
    const theme = buildTheme();
    expect(theme.palette?.primary).toMatchObject({ main: '#00796b' });
    expect(theme.sidebar).toBeDefined();
  });
});

describe('theme form', () => {
  const draft = draftFrom(defaultBrand, defaultColors);

  it('starts valid from the defaults, logo width 80', () => {
    expect(draft.config.logoWidth).toBe(80);
    expect(draftErrors(draft)).toEqual({});
  });

  it('flags bad fields with translation keys', () => {
    const errors = draftErrors({
      ...draft,
      config: { ...draft.config, title: ' ', whatsapp: 'abc', logoWidth: 150 },
      colors: { ...draft.colors, '--tk-login-filter': 'rgba(1,2,3)' },
    });
    expect(errors).toEqual({
      title: 'themeEditor.required',
      whatsapp: 'themeEditor.invalidPhone',
      logoWidth: 'themeEditor.invalidWidth',
      '--tk-login-filter': 'themeEditor.invalidColor',
    });
  });

  it('builds the PUT body and the preview brand', () => {
    const edited = { ...draft, config: { ...draft.config, title: ' Acme ', whatsapp: '+55 11' } };
    expect(themeBody(edited).config).toMatchObject({ title: 'Acme', whatsapp: '+55 11' });
    expect(previewBrand(defaultBrand, edited)).toMatchObject({ whatsapp: '5511', logoWidth: 80 });
  });

  it('versions asset URLs and builds WhatsApp links from digits', () => {
    expect(assetUrl('logo.png', { version: 0 })).toBe('/tarkan/assets/custom/logo.png');
    expect(assetUrl('logo.png', { version: 7 })).toBe('/tarkan/assets/custom/logo.png?v=7');
    expect(whatsappLink('+55 (11) 9999-0000')).toBe('https://wa.me/551199990000');
    expect(whatsappLink('')).toBeNull();
    expect(whatsappLink('javascript:alert(1)')).toBe('https://wa.me/1');
  });
});
