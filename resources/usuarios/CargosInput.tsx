import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList, useLocaleState, useNotify, useTranslate, ValidationError } from 'react-admin';
import { get, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { cargoAdditionError, type CargoUsuario } from '../../domain/schemas/usuario';
import { formatDate } from '../../src/components/format';
import type { DealerRef } from '../../src/components/DealerAutocomplete';
import { useOperations } from '../../src/components/useOperations';
import { useUsuarioOptionsContext, type Ref } from './useUsuarioOptions';

/** A position as the form holds it: the input's ids and date, with names to show. */
export interface CargoFormValue {
  cargoId: string;
  cargoNome: string;
  dealerId: string;
  dealerNome: string;
  departamentoId: string | null;
  departamentoNome: string | null;
  dataInicio: string;
}

const EMPTY = { dealerId: '', cargoId: '', departamentoId: '', dataInicio: '' };
type Draft = typeof EMPTY;

/** The shape cargoAdditionError and the API read (ids as numbers for the shared rule). */
const asCargo = (c: Partial<Draft> | CargoFormValue): Partial<CargoUsuario> => ({
  cargoId: c.cargoId ? Number(c.cargoId) : undefined,
  dealerId: c.dealerId ? Number(c.dealerId) : undefined,
  departamentoId: c.departamentoId ? Number(c.departamentoId) : null,
  dataInicio: c.dataInicio || undefined,
});
const asInput = (c: Partial<Draft> | CargoFormValue) => ({
  cargoId: c.cargoId || null,
  dealerId: c.dealerId || null,
  departamentoId: c.departamentoId || null,
  dataInicio: c.dataInicio || null,
});

/** The first message among a position's errors (any of its fields). */
function entryError(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  for (const value of Object.values(errors)) {
    const message = (value as { message?: unknown })?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/**
 * The positions block (spec section 2): a dealer among the chosen ones, a position, the department
 * when the portal asks for it, and the start date; Add checks the shared rule (complete, not twice
 * at a dealer, not starting before the dealer's other positions) and then the API
 * (podeAdicionarCargo), with an error toast for each refusal (spec section 8).
 */
export function CargosInput() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const { query } = useOperations('usuarios');
  const { properties } = useUsuarioOptionsContext();
  const informarDepartamento = properties.informarDepartamentoCargo;
  const { setValue, getValues, trigger } = useFormContext();
  const { errors } = useFormState({ name: 'cargos' });
  const dealers: DealerRef[] = useWatch({ name: 'dealers' }) ?? [];
  const cargos: CargoFormValue[] = useWatch({ name: 'cargos' }) ?? [];
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [checking, setChecking] = useState(false);
  const { data: cargoChoices = [] } = useGetList<Ref>('cargos', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'nome', order: 'ASC' },
  });
  const { data: departamentos = [] } = useQuery({
    queryKey: ['usuarios', 'departamentosCargos'],
    queryFn: () => query<Ref[]>('departamentos'),
    enabled: informarDepartamento,
  });
  const rootError = (get(errors, 'cargos') as { message?: string } | undefined)?.message;

  const add = async () => {
    const existing = (getValues('cargos') as CargoFormValue[] | undefined) ?? [];
    const problem = cargoAdditionError(asCargo(draft), existing.map(asCargo) as CargoUsuario[], informarDepartamento);
    if (problem) {
      notify(problem, { type: 'error' });
      return;
    }
    setChecking(true);
    try {
      const allowed = await query<boolean>('podeAdicionarCargo', {
        cargoAdicionadoInput: asInput(draft),
        cargosInputs: existing.map(asInput),
      });
      if (!allowed) {
        notify('usuarios.cargos.recusado', { type: 'error' });
        return;
      }
    } catch {
      notify('usuarios.cargos.checkFailed', { type: 'error' });
      return;
    } finally {
      setChecking(false);
    }
    const departamento = departamentos.find((d) => String(d.id) === draft.departamentoId);
    const novo: CargoFormValue = {
      cargoId: draft.cargoId,
      cargoNome: cargoChoices.find((c) => String(c.id) === draft.cargoId)?.nome ?? draft.cargoId,
      dealerId: draft.dealerId,
      dealerNome: dealers.find((d) => String(d.id) === draft.dealerId)?.nomeExibicao ?? draft.dealerId,
      departamentoId: departamento ? String(departamento.id) : null,
      departamentoNome: departamento?.nome ?? null,
      dataInicio: draft.dataInicio,
    };
    setValue('cargos', [...existing, novo], { shouldDirty: true });
    if (get(errors, 'cargos')) void trigger('cargos');
    setDraft({ ...EMPTY, dealerId: draft.dealerId });
  };

  const remove = (index: number) => {
    const existing = (getValues('cargos') as CargoFormValue[] | undefined) ?? [];
    if (!existing[index]) {
      notify('usuarios.cargos.naoEncontrado', { type: 'error' });
      return;
    }
    setValue(
      'cargos',
      existing.filter((_, i) => i !== index),
      { shouldDirty: true },
    );
    if (get(errors, 'cargos')) void trigger('cargos');
  };

  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
    size: 'small' as const,
    fullWidth: true,
  });

  return (
    <Box sx={{ width: '100%' }}>
      {dealers.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('usuarios.cargos.escolhaDealer')}
        </Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: informarDepartamento ? '1fr 1fr 1fr 1fr auto' : '1fr 1fr 1fr auto' },
            alignItems: 'start',
          }}
        >
          <TextField select label={translate('usuarios.fields.dealer')} {...field('dealerId')}>
            {dealers.map((d) => (
              <MenuItem key={d.id} value={String(d.id)}>
                {d.nomeExibicao}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={translate('usuarios.fields.cargo')} {...field('cargoId')}>
            {cargoChoices.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.nome}
              </MenuItem>
            ))}
          </TextField>
          {informarDepartamento && (
            <TextField select label={translate('usuarios.fields.departamento')} {...field('departamentoId')}>
              {departamentos.map((d) => (
                <MenuItem key={d.id} value={String(d.id)}>
                  {d.nome}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            type="date"
            label={translate('usuarios.fields.dataInicio')}
            slotProps={{ inputLabel: { shrink: true } }}
            {...field('dataInicio')}
          />
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => void add()} disabled={checking}>
            {translate('usuarios.cargos.add')}
          </Button>
        </Box>
      )}
      {cargos.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {translate('usuarios.cargos.empty')}
        </Typography>
      ) : (
        <List aria-label={translate('usuarios.sections.cargos')} dense>
          {cargos.map((cargo, index) => {
            const error = entryError(get(errors, `cargos.${index}`));
            const text = translate('usuarios.cargos.item', {
              cargo: cargo.cargoNome,
              dealer: cargo.dealerNome,
              data: formatDate(`${cargo.dataInicio}T12:00:00`, locale),
            });
            return (
              <ListItem
                key={`${cargo.dealerId}-${cargo.cargoId}-${index}`}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`${translate('usuarios.cargos.remove')} ${cargo.cargoNome}`}
                    onClick={() => remove(index)}
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={text}
                  secondary={
                    <>
                      {cargo.departamentoNome}
                      {error && (
                        <Typography component="span" color="error" variant="body2" sx={{ display: 'block' }}>
                          <ValidationError error={error} />
                        </Typography>
                      )}
                    </>
                  }
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {rootError && (
        <FormHelperText error>
          <ValidationError error={rootError} />
        </FormHelperText>
      )}
    </Box>
  );
}
