import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, useInput, useLocale, type Validator } from 'react-admin';
import { formatDecimal, parseDecimal, type FormatOptions } from '../i18n/numberInput';

/**
 * The one number field of the app: a text field that reads and writes numbers in the interface's
 * language (`99,90` in Portuguese and Spanish, `99.90` in English; `src/i18n/numberInput.ts`),
 * with the numeric keyboard on phones. Not `<input type="number">`, which follows the browser's
 * language and reads `99,90` as 9990 in an English browser.
 */

interface ShapeProps extends FormatOptions {
  /** Whole numbers only (counts, limits, zoom levels). */
  integer?: boolean;
  /** Text before the number (a currency sign) and after it (a unit). */
  prefix?: ReactNode;
  suffix?: ReactNode;
}

export interface DecimalTextFieldProps
  extends ShapeProps, Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'prefix'> {
  /** The number shown; null for none; NaN while what is typed is not a number. */
  value: number | null;
  /** Null when cleared, NaN when what is typed is not a number. */
  onChange: (value: number | null) => void;
}

/** A controlled number field, for forms that keep their own state. */
export const DecimalTextField = ({
  value,
  onChange,
  digits,
  maxDecimals,
  coordinate,
  integer,
  prefix,
  suffix,
  onFocus,
  onBlur,
  slotProps,
  ...props
}: DecimalTextFieldProps) => {
  const locale = useLocale();
  const shape = { digits, maxDecimals, coordinate };
  // What is being typed, kept as typed while the field has the focus; otherwise the value is
  // shown in the locale's format (`99,9` becomes `99,90` in a money field).
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (Number.isNaN(value) ? '' : formatDecimal(value, locale, shape));
  return (
    <TextField
      size="small"
      {...props}
      value={shown}
      onFocus={(event) => {
        setDraft(shown);
        onFocus?.(event);
      }}
      onChange={(event) => {
        setDraft(event.target.value);
        onChange(parseDecimal(event.target.value, locale, { coordinate }));
      }}
      onBlur={(event) => {
        // A text that is not a number stays as typed, beside its error.
        if (!Number.isNaN(parseDecimal(event.target.value, locale, { coordinate }))) setDraft(null);
        onBlur?.(event);
      }}
      slotProps={{
        ...slotProps,
        htmlInput: {
          inputMode: integer ? 'numeric' : 'decimal',
          autoComplete: 'off',
          ...(slotProps?.htmlInput as object | undefined),
        },
        input: {
          ...(prefix
            ? { startAdornment: <InputAdornment position="start">{prefix}</InputAdornment> }
            : {}),
          ...(suffix
            ? { endAdornment: <InputAdornment position="end">{suffix}</InputAdornment> }
            : {}),
          ...(slotProps?.input as object | undefined),
        },
      }}
    />
  );
};

/** Stored value → number: numbers, and the numeric strings attributes often hold. */
const storedNumber = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isNaN(number) ? Number.NaN : number;
};

/** The field's own checks, on the number shown: a number, whole if asked, within bounds. */
interface Bounds {
  min?: number;
  max?: number;
}

const shapeCheck =
  (
    { integer, min, max }: ShapeProps & Bounds,
    shownOf: (stored: unknown) => number | null,
  ): Validator =>
  (stored: unknown) => {
    // What is typed and is not a number is held as NaN, before any conversion of the field.
    if (typeof stored === 'number' && Number.isNaN(stored)) return 'admin.validation.number';
    const value = shownOf(stored);
    if (value === null) return undefined;
    if (Number.isNaN(value)) return 'admin.validation.number';
    if (integer && !Number.isInteger(value)) return 'admin.validation.integer';
    if (min !== undefined && value < min) return { message: 'admin.validation.min', args: { min } };
    if (max !== undefined && value > max) return { message: 'admin.validation.max', args: { max } };
    return undefined;
  };

export interface DecimalInputProps extends ShapeProps, Bounds {
  source: string;
  label?: string | false;
  helperText?: string | false;
  validate?: Validator | Validator[];
  defaultValue?: unknown;
  /** The stored value as the number shown (cents → reais, knots → km/h); default as stored. */
  toShown?: (stored: unknown) => number | null;
  /** The number typed as stored; never called for blank (null) or not a number. */
  toStored?: (shown: number) => unknown;
  resource?: string;
  disabled?: boolean;
  fullWidth?: boolean;
}

/** A react-admin form input for a number (see `DecimalTextField`). */
export const DecimalInput = ({
  source,
  label,
  helperText,
  validate,
  defaultValue,
  toShown = storedNumber,
  toStored = (shown) => shown,
  resource,
  disabled,
  fullWidth,
  ...shape
}: DecimalInputProps) => {
  const checks = [
    shapeCheck(shape, toShown),
    ...(Array.isArray(validate) ? validate : validate ? [validate] : []),
  ];
  const { field, fieldState, id, isRequired } = useInput({
    source,
    resource,
    validate: checks,
    defaultValue,
    disabled,
    // The field converts itself; react-admin's defaults would turn null into ''.
    format: (value: unknown) => value,
    parse: (value: unknown) => value,
  });
  const invalid = Boolean(fieldState.error);
  return (
    <DecimalTextField
      {...shape}
      id={id}
      name={field.name}
      inputRef={field.ref}
      className={`ra-input ra-input-${source}`}
      value={Number.isNaN(storedNumber(field.value)) ? Number.NaN : toShown(field.value)}
      onChange={(value) =>
        field.onChange(value === null || Number.isNaN(value) ? value : toStored(value))
      }
      onBlur={field.onBlur}
      disabled={disabled}
      fullWidth={fullWidth}
      error={invalid}
      label={
        label !== false ? (
          <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />
        ) : undefined
      }
      helperText={
        helperText !== false || invalid ? (
          <InputHelperText error={fieldState.error?.message} helperText={helperText} />
        ) : undefined
      }
    />
  );
};
