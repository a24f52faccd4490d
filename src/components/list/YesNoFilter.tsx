import { SelectInput } from 'react-admin';

export interface YesNoFilterProps {
  source: string;
  /** Catalog keys: the filter's label and its two choices. */
  label: string;
  yes: string;
  no: string;
  alwaysOn?: boolean;
}

const format = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const parse = (value: string) => (value === '' ? undefined : value === 'true');

/**
 * A list filter on a Boolean of the API: both (empty), yes or no. The one yes/no filter of the
 * lists (active, public, favourite, inactivated for inactivity...).
 */
export function YesNoFilter({ source, label, yes, no, alwaysOn }: YesNoFilterProps) {
  return (
    <SelectInput
      source={source}
      label={label}
      alwaysOn={alwaysOn}
      choices={[
        { id: 'true', name: yes },
        { id: 'false', name: no },
      ]}
      format={format}
      parse={parse}
    />
  );
}

/** The active filter: both (empty), active or inactive. */
export const activeFilter = (
  <YesNoFilter key="active" source="active" label="lista.active" yes="lista.activeYes" no="lista.activeNo" />
);
