import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useInput, useTranslate, ValidationError } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Bloco } from '../../../domain/schemas/grupoUsuarios';
import { aoDesmarcarBloco, semRepetidos, type UsuarioRef } from './regras';
import { useDebounced } from '../useDebounced';
import { useOperations } from '../useOperations';

/** The manual-user search waits this long after the last key (spec section 5). */
export const BUSCA_USUARIOS_DEBOUNCE_MS = 1000;

export interface Opcao {
  id: string;
  label: string;
  /** A heading the option is listed under (an access type's product). */
  grupo?: string;
}

/** MUI's own button labels of an autocomplete, translated. */
export const autocompleteTexts = (translate: (key: string) => string) => ({
  openText: translate('ra.action.open'),
  closeText: translate('ra.action.close'),
  clearText: translate('ra.action.clear_input_value'),
});

const errorText = (message: string | undefined) => (message ? <ValidationError error={message} /> : undefined);

/**
 * A multiple choice among known options (brands, user types, positions...), kept as ids in
 * `source`. Choosing an option already chosen is ignored; `onChange` may replace the default write.
 */
export function EscolhaMultipla({
  source,
  label,
  options,
  disabled,
  onChange,
}: {
  source: string;
  label: string;
  options: readonly Opcao[];
  disabled?: boolean;
  onChange?: (ids: string[]) => void;
}) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, defaultValue: [] });
  const { clearErrors } = useFormContext();
  const ids: string[] = (field.value ?? []).map(String);
  const byId = new Map(options.map((option) => [option.id, option]));
  // A value the caller may no longer offer (another maintainer's choice) still shows by its id.
  const value = ids.map((id) => byId.get(id) ?? { id, label: `#${id}` });
  return (
    <Autocomplete
      multiple
      {...autocompleteTexts(translate)}
      disabled={disabled}
      options={options as Opcao[]}
      groupBy={options.some((o) => o.grupo) ? (option) => option.grupo ?? '' : undefined}
      value={value}
      filterSelectedOptions
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.label}
      onChange={(_event, chosen) => {
        const next = semRepetidos(chosen).map((option) => option.id);
        // An error set from outside (the recipient preview's) goes with the change; a submitted
        // form validates the new value again.
        clearErrors(source);
        if (onChange) onChange(next);
        else field.onChange(next);
        field.onBlur();
      }}
      noOptionsText={translate('gruposUsuarios.nenhumaOpcao')}
      renderInput={(params) => (
        <TextField
          {...params}
          name={source}
          label={translate(label)}
          error={Boolean(fieldState.error)}
          helperText={errorText(fieldState.error?.message)}
          size="small"
        />
      )}
    />
  );
}

/**
 * Users found by name or e-mail (usuariosByNomeOrEmailStartingWith) after BUSCA_USUARIOS_DEBOUNCE_MS
 * of non-empty text, labelled by name and e-mail; ids in `source`, the users in `usuariosSource`.
 */
export function UsuariosBusca({
  source,
  usuariosSource,
  label,
  dataTour,
}: {
  source: string;
  usuariosSource: string;
  label: string;
  dataTour?: string;
}) {
  const translate = useTranslate();
  const { query } = useOperations('gruposUsuarios');
  const { field, fieldState } = useInput({ source, defaultValue: [] });
  const { setValue, clearErrors } = useFormContext();
  const chosen: UsuarioRef[] = useWatch({ name: usuariosSource }) ?? [];
  const [typed, setTyped] = useState('');
  const busca = useDebounced(typed.trim(), BUSCA_USUARIOS_DEBOUNCE_MS);
  const { data = [], isFetching } = useQuery({
    queryKey: ['gruposUsuarios', 'usuarios', busca],
    queryFn: () => query<UsuarioRef[]>('usuarios', { nome: busca }),
    enabled: busca.length > 0,
  });
  const rotulo = (u: UsuarioRef) => `${u.nome} (${u.email})`;
  return (
    <Autocomplete
      multiple
      {...autocompleteTexts(translate)}
      data-tour={dataTour}
      options={busca ? data.map((u) => ({ id: String(u.id), nome: u.nome, email: u.email })) : []}
      value={chosen}
      loading={isFetching}
      filterOptions={(options) => options}
      filterSelectedOptions
      isOptionEqualToValue={(option, value) => option.id === value.id}
      getOptionLabel={rotulo}
      inputValue={typed}
      onInputChange={(_event, text, reason) => {
        if (reason !== 'reset') setTyped(text);
      }}
      onChange={(_event, value) => {
        const next = semRepetidos(value);
        clearErrors(source);
        setValue(usuariosSource, next, { shouldDirty: true });
        field.onChange(next.map((u) => u.id));
        field.onBlur();
      }}
      noOptionsText={translate(busca ? 'gruposUsuarios.usuariosNenhum' : 'gruposUsuarios.usuariosDigite')}
      loadingText={translate('ra.page.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          name={source}
          label={translate(label)}
          placeholder={chosen.length ? undefined : translate('gruposUsuarios.usuariosBusca')}
          error={Boolean(fieldState.error)}
          helperText={errorText(fieldState.error?.message)}
          size="small"
        />
      )}
    />
  );
}

/**
 * A recipient block: its checkbox and, while checked, its fields (spec section 4: checking opens
 * the block, unchecking clears its values).
 */
export function BlocoCheckbox({ bloco, children }: { bloco: Bloco; children: ReactNode }) {
  const translate = useTranslate();
  const { setValue, clearErrors } = useFormContext();
  const { field } = useInput({ source: bloco, defaultValue: false });
  const regionId = useId();
  const on = Boolean(field.value);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={on}
            inputProps={{ 'aria-controls': regionId, 'aria-expanded': on }}
            onChange={(event) => {
              const checked = event.target.checked;
              if (!checked) {
                for (const [key, value] of Object.entries(aoDesmarcarBloco(bloco))) {
                  setValue(key, value, { shouldDirty: true });
                }
                clearErrors(Object.keys(aoDesmarcarBloco(bloco)));
              }
              field.onChange(checked);
            }}
          />
        }
        label={translate(`gruposUsuarios.blocos.${bloco}`)}
      />
      <Box id={regionId} hidden={!on} sx={{ pl: { xs: 1, sm: 4 }, display: on ? 'grid' : 'none', gap: 2, pb: 1 }}>
        {on && children}
      </Box>
    </Box>
  );
}

/** A yes/no field as a checkbox (react-admin's BooleanInput is a switch). */
export function CaixaInput({
  source,
  label,
  onChange,
}: {
  source: string;
  label: string;
  onChange?: (checked: boolean) => void;
}) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: false });
  return (
    <FormControlLabel
      control={
        <Checkbox
          name={source}
          checked={Boolean(field.value)}
          onChange={(event) => {
            onChange?.(event.target.checked);
            field.onChange(event.target.checked);
          }}
        />
      }
      label={translate(label)}
    />
  );
}

/** The form-wide error of the blocks (none checked). */
export function BlocosError() {
  const { formState } = useFormContext();
  const error = (formState.errors as Record<string, { message?: string } | undefined>).blocos;
  if (!error?.message) return null;
  return (
    <FormHelperText error role="alert">
      <ValidationError error={error.message} />
    </FormHelperText>
  );
}
