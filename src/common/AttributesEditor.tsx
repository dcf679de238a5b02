import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { TabbedForm, useTranslate, type FormTabProps } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { decodeKey, encodeKey } from './formAttributes';

interface AttributesEditorProps {
  /** Keys edited by dedicated inputs elsewhere in the form (Traccar names, with dots). */
  reserved?: readonly string[];
}

const text = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value ?? '');

/** Free key/value editing of the `attributes` map (values saved as text). */
export const AttributesEditor = ({ reserved = [] }: AttributesEditorProps) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const attributes = (useWatch({ name: 'attributes' }) ?? {}) as Record<string, unknown>;
  const [key, setKey] = useState('');
  const [value, setNewValue] = useState('');
  const hidden = new Set(reserved.map(encodeKey));
  const entries = Object.entries(attributes).filter(
    ([name, current]) => !hidden.has(name) && current !== undefined,
  );

  const change = (name: string, next: unknown) =>
    setValue(`attributes.${name}`, next, { shouldDirty: true });

  const add = () => {
    const name = key.trim();
    if (!name) return;
    change(encodeKey(name), value);
    setKey('');
    setNewValue('');
  };

  return (
    <Stack spacing={1} sx={{ width: '100%', maxWidth: 720 }} data-testid="attributes-editor">
      {entries.length === 0 && (
        <Typography color="text.secondary">{translate('admin.attributes.empty')}</Typography>
      )}
      {entries.map(([name, current]) => (
        <Stack direction="row" spacing={1} key={name} alignItems="center">
          <TextField
            label={translate('admin.attributes.key')}
            value={decodeKey(name)}
            disabled
            size="small"
            sx={{ flex: 1 }}
          />
          <TextField
            label={translate('admin.attributes.value')}
            value={text(current)}
            onChange={(event) => change(name, event.target.value)}
            size="small"
            sx={{ flex: 1 }}
          />
          <IconButton
            aria-label={translate('admin.attributes.remove')}
            onClick={() => change(name, undefined)}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          label={translate('admin.attributes.newKey')}
          value={key}
          onChange={(event) => setKey(event.target.value)}
          size="small"
          sx={{ flex: 1 }}
        />
        <TextField
          label={translate('admin.attributes.value')}
          value={value}
          onChange={(event) => setNewValue(event.target.value)}
          size="small"
          sx={{ flex: 1 }}
        />
        <Button startIcon={<AddIcon />} onClick={add} disabled={!key.trim()}>
          {translate('admin.attributes.add')}
        </Button>
      </Box>
    </Stack>
  );
};

/**
 * A form's free attributes tab (`reserved` keys have inputs of their own). TabbedForm reads a
 * tab's `path` from the element it is given, so give this one `path="attributes"`.
 */
export const AttributesTab = ({
  reserved,
  ...props
}: AttributesEditorProps & Omit<FormTabProps, 'children' | 'label'>) => (
  <TabbedForm.Tab label="admin.tabs.attributes" {...props}>
    <AttributesEditor reserved={reserved} />
  </TabbedForm.Tab>
);
