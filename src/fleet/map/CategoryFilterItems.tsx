import {
  Button,
  Checkbox,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  MenuItem,
  Stack,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDeviceFilters } from '../usePrefs';
import { CATEGORIES } from '../../../model/category';
import { CategoryIcon } from '../../map/markers/CategoryIcon';

/** Per-category visibility, with all / none shortcuts. */
export const CategoryFilterItems = () => {
  const translate = useTranslate();
  const [filters, setFilters] = useDeviceFilters();
  const hidden = new Set(filters.hiddenCategories);
  const setHidden = (next: string[]) => setFilters({ ...filters, hiddenCategories: next });
  const toggle = (category: string) =>
    setHidden(
      hidden.has(category)
        ? [...hidden].filter((item) => item !== category)
        : [...hidden, category],
    );
  return [
    <ListSubheader key="title">
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        {translate('filters.categories')}
        <span>
          <Button size="small" onClick={() => setHidden([])}>
            {translate('filters.showAllCategories')}
          </Button>
          <Button size="small" onClick={() => setHidden([...CATEGORIES])}>
            {translate('filters.hideAllCategories')}
          </Button>
        </span>
      </Stack>
    </ListSubheader>,
    ...CATEGORIES.map((category) => (
      <MenuItem key={category} dense onClick={() => toggle(category)}>
        <ListItemIcon>
          <Checkbox size="small" checked={!hidden.has(category)} tabIndex={-1} />
        </ListItemIcon>
        <ListItemIcon>
          <CategoryIcon category={category} />
        </ListItemIcon>
        <ListItemText>{translate(`categories.${category}`)}</ListItemText>
      </MenuItem>
    )),
  ];
};
