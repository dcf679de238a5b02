import { Box, Stack } from '@mui/material';
import { SelectInput, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CategoryIcon } from '../../map/markers/CategoryIcon';
import { CATEGORIES } from '../../../model/category';
import { attr, decodeKey } from '../../common/formAttributes';
import { TintInput } from './TintInput';

const CategoryOption = () => {
  const translate = useTranslate();
  const id = useRecordContext<{ id: string }>()?.id ?? 'default';
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <CategoryIcon category={id} size={20} />
      <span>{translate(`categories.${id}`)}</span>
    </Stack>
  );
};

const choices = CATEGORIES.map((id) => ({ id }));

/** The map icon: category plus the two tints, previewed with the live map's own drawing. */
export const DeviceIconInput = () => {
  const category = useWatch({ name: 'category' }) as string | null;
  const formAttributes = (useWatch({ name: 'attributes' }) ?? {}) as Record<string, unknown>;
  const attributes = Object.fromEntries(
    Object.entries(formAttributes).map(([key, value]) => [decodeKey(key), value]),
  );
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems="flex-start">
      <Box>
        <SelectInput
          source="category"
          choices={choices}
          optionText={<CategoryOption />}
          emptyValue="default"
        />
        <Box
          data-testid="device-icon-preview"
          sx={{ p: 2, bgcolor: 'grey.100', borderRadius: 1, display: 'inline-flex' }}
        >
          <CategoryIcon category={category} attributes={attributes} size={96} />
        </Box>
      </Box>
      <TintInput
        source={attr('tarkan.color')}
        label="resources.device-admin.fields.attributes.tarkanColor"
      />
      <TintInput
        source={attr('tarkan.color_extra')}
        label="resources.device-admin.fields.attributes.tarkanColor_extra"
      />
    </Stack>
  );
};
