export { ActiveChip, ResourceList, activeFilter, type ResourceListProps } from './ResourceList';
export { ActiveToggle, type ActiveToggleProps } from './ActiveToggle';
export { ExportButtons, exportFilter } from './ExportButtons';
