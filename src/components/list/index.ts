export { ActiveChip, ResourceList, activeFilter, type ResourceListProps } from './ResourceList';
export { ActiveToggle, setActiveMutation, type ActiveToggleProps } from './ActiveToggle';
export { ExportButtons, exportFilter } from './ExportButtons';
