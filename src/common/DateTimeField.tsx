import type { SxProps, Theme } from '@mui/material';
import { DatePicker, DateTimePicker, LocalizationProvider } from '@mui/x-date-pickers';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import {
  enUS as pickersEnUS,
  esES as pickersEsES,
  ptBR as pickersPtBR,
} from '@mui/x-date-pickers/locales';
import { format, isValid, parse, type Locale } from 'date-fns';
import { enUS, es, ptBR } from 'date-fns/locale';
import type { ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { type AppLocale, DEFAULT_LOCALE, isAppLocale } from '../i18n/locales';

/**
 * Date and date-time fields written and read in the interface's language (27/11/2026 14:30 in
 * Portuguese and Spanish, 11/27/2026 02:30 PM in English), with a calendar to pick from. The
 * browser's own date inputs follow the browser's language instead, whatever the user chose here.
 * Values stay the strings the native inputs gave (`yyyy-MM-dd`, `yyyy-MM-ddTHH:mm`, local time),
 * so forms and queries keep them as they were.
 */
const DATE_LOCALES: Record<AppLocale, Locale> = { 'pt-BR': ptBR, 'es-ES': es, 'en-US': enUS };
const textsOf = (pack: typeof pickersEnUS) =>
  pack.components.MuiLocalizationProvider.defaultProps.localeText;
/** The pickers' own texts (section names, "Choose date", OK/Cancel), from MUI X's packs. */
const PICKER_TEXTS: Record<AppLocale, ReturnType<typeof textsOf>> = {
  'pt-BR': textsOf(pickersPtBR),
  // MUI X's Spanish names the day sections "Dia".
  'es-ES': { ...textsOf(pickersEsES), day: 'Día', weekDay: 'Día de la semana' },
  'en-US': textsOf(pickersEnUS),
};

const DATE = 'yyyy-MM-dd';
const DATE_TIME = "yyyy-MM-dd'T'HH:mm";

interface FieldProps {
  label: ReactNode;
  /** `yyyy-MM-dd` (DateField) or `yyyy-MM-ddTHH:mm` (DateTimeField); '' for none. */
  value: string;
  onChange: (value: string) => void;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  required?: boolean;
  sx?: SxProps<Theme>;
  /** On the field's outer element (label, sections and button), for tests that look for it. */
  testId?: string;
}

const useLanguage = () => {
  const [locale] = useLocaleState();
  const language = isAppLocale(locale) ? locale : DEFAULT_LOCALE;
  return {
    adapterLocale: DATE_LOCALES[language],
    localeText: PICKER_TEXTS[language],
  };
};

const toDate = (value: string, pattern: string): Date | null => {
  if (!value) return null;
  const date = parse(value, pattern, new Date());
  return isValid(date) ? date : null;
};

/** Years are typed digit by digit: 2, 20, 203 on the way to 2030 are not dates anyone means. */
const FIRST_WHOLE_YEAR = 1000;

/**
 * A value from the picker: a whole date is passed on; one still being typed (invalid, or a year
 * of fewer than four digits so far) is not, so the form keeps its last whole value while the
 * field shows what is typed; cleared is ''.
 */
export const fromDate = (date: Date | null, pattern: string, onChange: (value: string) => void) => {
  if (date === null) onChange('');
  else if (isValid(date) && date.getFullYear() >= FIRST_WHOLE_YEAR) onChange(format(date, pattern));
};

/** What both pickers are given: the value in `pattern`, the field's look. */
const pickerProps = (props: FieldProps, pattern: string, width: number) => {
  const { label, value, onChange, sx, error, helperText, size = 'small', required, testId } = props;
  return {
    label,
    value: toDate(value, pattern),
    onChange: (date: Date | null) => fromDate(date, pattern, onChange),
    sx: sx ?? { width },
    slotProps: {
      textField: {
        // As wide as its text, beside the form's other fields (the admin theme widens them).
        fullWidth: false,
        size,
        error,
        helperText,
        required,
        ...(testId ? { 'data-testid': testId } : {}),
      },
    },
  };
};

/** The pickers' dates and texts in the interface's language. */
const InLanguage = ({ children }: { children: ReactNode }) => (
  <LocalizationProvider dateAdapter={AdapterDateFns} {...useLanguage()}>
    {children}
  </LocalizationProvider>
);

export const DateTimeField = (props: FieldProps) => (
  <InLanguage>
    <DateTimePicker {...pickerProps(props, DATE_TIME, 250)} />
  </InLanguage>
);

export const DateField = (props: FieldProps) => (
  <InLanguage>
    <DatePicker {...pickerProps(props, DATE, 190)} />
  </InLanguage>
);
