import { TabbedFormTabs, type TabbedFormTabsProps } from 'react-admin';

/**
 * A tabbed form's tabs, scrolling with arrows when they do not fit (nine device tabs on a phone):
 * without the arrows the tabs past the edge look absent. Give it as `<TabbedForm tabs={…}>`.
 */
export const ScrollableTabs = (props: TabbedFormTabsProps) => (
  <TabbedFormTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile {...props} />
);
