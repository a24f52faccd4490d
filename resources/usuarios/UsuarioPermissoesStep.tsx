import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslate, ValidationError } from 'react-admin';
import { get, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { LoadError } from '../../src/components/LoadError';
import { ClonarPermissoes } from './ClonarPermissoes';
import { replaceProduto, toggleTipoAcesso, type ProdutoFormValue } from './permissoes';
import { UsuarioTour } from './UsuarioTour';
import { useOperations } from '../../src/components/useOperations';
import type { ProdutoPermissoes } from './useUsuarioOptions';

function firstMessage(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const own = (errors as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const value of Object.values(errors)) {
    const message = firstMessage(value);
    if (message) return message;
  }
  return undefined;
}

function ProdutoCard({ produto, index }: { produto: ProdutoPermissoes; index: number }) {
  const translate = useTranslate();
  const titleId = useId();
  const { setValue, getValues } = useFormContext();
  const { errors } = useFormState({ name: 'produtos' });
  const produtos: ProdutoFormValue[] = useWatch({ name: 'produtos' }) ?? [];
  const position = produtos.findIndex((p) => String(p.produtoId) === String(produto.id));
  const current: ProdutoFormValue = produtos[position] ?? {
    produtoId: String(produto.id),
    tiposAcessoIds: [],
    funcionalidadeIds: [],
  };
  const error = position >= 0 ? firstMessage(get(errors, `produtos.${position}`)) : undefined;
  const chosenTipos = new Set(current.tiposAcessoIds.map(String));
  const chosenFuncionalidades = new Set(current.funcionalidadeIds.map(String));

  const update = (next: ProdutoFormValue) => {
    const list = (getValues('produtos') as ProdutoFormValue[] | undefined) ?? [];
    setValue('produtos', replaceProduto(list, next), {
      shouldDirty: true,
      shouldValidate: Boolean(get(errors, 'produtos')),
    });
  };
  const normalised = { ...current, tiposAcessoIds: [...chosenTipos], funcionalidadeIds: [...chosenFuncionalidades] };

  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      data-tour={index === 0 ? 'usuario-produtos' : undefined}
    >
      <CardContent>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
          {produto.nome}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, mt: 1 }}>
          <FormGroup role="group" aria-label={`${translate('usuarios.fields.tiposAcesso')}: ${produto.nome}`}>
            <FormLabel component="span">{translate('usuarios.fields.tiposAcesso')}</FormLabel>
            {produto.tiposAcesso.map((tipo) => (
              <FormControlLabel
                key={tipo.id}
                label={tipo.nome}
                control={
                  <Checkbox
                    checked={chosenTipos.has(String(tipo.id))}
                    onChange={(event) =>
                      update(toggleTipoAcesso(produto, normalised, String(tipo.id), event.target.checked))
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          <FormGroup role="group" aria-label={`${translate('usuarios.fields.funcionalidades')}: ${produto.nome}`}>
            <FormLabel component="span">{translate('usuarios.fields.funcionalidades')}</FormLabel>
            {produto.funcionalidades.map((funcionalidade) => (
              <FormControlLabel
                key={funcionalidade.id}
                label={funcionalidade.nome}
                title={funcionalidade.descricao ?? undefined}
                control={
                  <Checkbox
                    checked={chosenFuncionalidades.has(String(funcionalidade.id))}
                    onChange={(event) => {
                      const id = String(funcionalidade.id);
                      const funcionalidadeIds = event.target.checked
                        ? [...normalised.funcionalidadeIds, id]
                        : normalised.funcionalidadeIds.filter((f) => f !== id);
                      update({ ...normalised, funcionalidadeIds });
                    }}
                  />
                }
              />
            ))}
          </FormGroup>
        </Box>
        {error && (
          <Typography color="error" variant="body2" sx={{ mt: 1 }}>
            <ValidationError error={error} />
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Step 2 of the user wizard: permissions per product. The products offered depend on the user's
 * type and dealers (produtosByDealersAndTipoUsuario); the step's own error (access types left
 * without any of their default features, listing them) shows at its top.
 */
export function UsuarioPermissoesStep() {
  const translate = useTranslate();
  const { query } = useOperations('usuarios');
  const tipo: string | undefined = useWatch({ name: 'tipo' });
  const dealerIds: string[] = useWatch({ name: 'dealerIds' }) ?? [];
  const { errors } = useFormState({ name: 'produtos' });
  const { setValue, getValues } = useFormContext();
  const produtos = useQuery({
    queryKey: ['usuarios', 'produtos', tipo, dealerIds],
    queryFn: () => query<ProdutoPermissoes[]>('produtos', { idsDealer: dealerIds, tipoUsuario: tipo }),
    enabled: Boolean(tipo),
  });
  const stepError = (get(errors, 'produtos') as { message?: string } | undefined)?.message;

  // Permissions of products no longer offered (the type or the dealers changed) are dropped.
  const offered = produtos.data;
  useEffect(() => {
    if (!offered) return;
    const ids = new Set(offered.map((p) => String(p.id)));
    const current = (getValues('produtos') as ProdutoFormValue[] | undefined) ?? [];
    const kept = current.filter((p) => ids.has(String(p.produtoId)));
    if (kept.length !== current.length) setValue('produtos', kept, { shouldDirty: true });
  }, [offered, getValues, setValue]);

  if (!tipo) return <Alert severity="info">{translate('usuarios.permissoes.escolhaTipo')}</Alert>;
  return (
    <Box sx={{ width: '100%', display: 'flex', flexDirection: 'column', gap: 2 }}>
      {stepError && (
        <Alert severity="error">
          <ValidationError error={stepError} />
        </Alert>
      )}
      <Box>
        <ClonarPermissoes produtos={produtos.data ?? []} />
      </Box>
      {produtos.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress aria-label={translate('ra.page.loading')} />
        </Box>
      ) : produtos.isError ? (
        <LoadError
          message="usuarios.permissoes.loadError"
          retrying={produtos.isFetching}
          onRetry={() => void produtos.refetch()}
        />
      ) : produtos.data.length === 0 ? (
        <Typography variant="body2">{translate('usuarios.permissoes.empty')}</Typography>
      ) : (
        produtos.data.map((produto, index) => <ProdutoCard key={produto.id} produto={produto} index={index} />)
      )}
      <UsuarioTour ready={produtos.isSuccess && produtos.data.length > 0} />
    </Box>
  );
}
