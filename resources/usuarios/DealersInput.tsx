import { useInput, ValidationError } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { CargoFormValue } from './CargosInput';
import { DealerAutocomplete, type DealerRef } from '../../src/components/DealerAutocomplete';

/**
 * The user's dealers (`dealerIds`, with their names in `dealers`): active dealers of the chosen
 * brands and groups. Removing a dealer removes its positions.
 */
export function DealersInput({ isRequired }: { isRequired?: boolean }) {
  const { fieldState, field } = useInput({ source: 'dealerIds', defaultValue: [] });
  const { setValue, getValues } = useFormContext();
  const dealers: DealerRef[] = useWatch({ name: 'dealers' }) ?? [];
  const marcaIds: string[] = useWatch({ name: 'marcaIds' }) ?? [];
  const grupoIds: string[] = useWatch({ name: 'grupoIds' }) ?? [];
  const message = fieldState.error?.message;
  return (
    <DealerAutocomplete
      label="usuarios.fields.dealers"
      isRequired={isRequired}
      value={dealers}
      marcaIds={marcaIds.map(String)}
      grupoIds={grupoIds.map(String)}
      onlyActive
      error={Boolean(message)}
      helperText={message ? <ValidationError error={message} /> : undefined}
      onChange={(chosen) => {
        const ids = chosen.map((d) => d.id);
        setValue('dealers', chosen, { shouldDirty: true });
        const cargos: CargoFormValue[] = getValues('cargos') ?? [];
        const kept = cargos.filter((c) => ids.includes(String(c.dealerId)));
        if (kept.length !== cargos.length) setValue('cargos', kept, { shouldDirty: true });
        field.onChange(ids);
        field.onBlur();
      }}
    />
  );
}
