export { ActiveChip, ResourceList, type ResourceListProps } from './ResourceList';
export { activeFilter, YesNoFilter, type YesNoFilterProps } from './YesNoFilter';
export { ActiveToggle, type ActiveToggleProps } from './ActiveToggle';
export { ExportButtons, ExportFileButtons, exportFilter } from './ExportButtons';
