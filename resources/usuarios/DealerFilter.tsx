import { useState } from 'react';
import { useInput } from 'react-admin';
import { DealerAutocomplete, type DealerRef } from '../../src/components/DealerAutocomplete';

/**
 * The list's dealer filter: dealers found by name in the paged list (there may be thousands), the
 * filter holding their ids. Names chosen here are remembered for the chips.
 */
export function DealerFilter({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const { field } = useInput({ source, defaultValue: [] });
  const [known, setKnown] = useState<DealerRef[]>([]);
  const ids: string[] = Array.isArray(field.value) ? field.value.map(String) : [];
  const value = ids.map((id) => known.find((d) => d.id === id) ?? { id, nomeExibicao: `#${id}` });
  return (
    <DealerAutocomplete
      label={label}
      value={value}
      onChange={(chosen) => {
        setKnown((list) => [...list.filter((d) => !chosen.some((c) => c.id === d.id)), ...chosen]);
        field.onChange(chosen.length ? chosen.map((d) => d.id) : undefined);
      }}
    />
  );
}
