import { LoadError } from '../../components/LoadError';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { Form, SelectInput, TextInput, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { produtoEdicaoSchema, type ProdutoEdicao } from '../../../domain/schemas/superAdmin';
import { ConfirmAction } from '../../components/ConfirmAction';
import { schemaResolver } from '../../components/form/schemaResolver';
import { useOperations } from '../../components/useOperations';
import type { Produto } from './superAdmin';

const PRODUTOS_KEY = ['superAdmin', 'produtos'];
const resolver = schemaResolver<ProdutoEdicao>(produtoEdicaoSchema);

/** The product select and its staging base URI, filled in from the product chosen. */
function ProdutoFields({ produtos }: { produtos: Produto[] }) {
  const translate = useTranslate();
  const { setValue, formState } = useFormContext<ProdutoEdicao>();
  const id = useWatch<ProdutoEdicao, 'id'>({ name: 'id' });
  const selected = produtos.find((p) => p.id === id);
  // The select may report the same choice more than once: prefill only when the product changes,
  // never over what the user typed since.
  const prefilledFor = useRef<string | null>(null);
  const prefill = (eventOrChoice: ChangeEvent<HTMLInputElement> | RaRecord) => {
    const value = 'target' in eventOrChoice ? eventOrChoice.target.value : eventOrChoice.id;
    if (prefilledFor.current === String(value)) return;
    prefilledFor.current = String(value);
    const produto = produtos.find((p) => p.id === String(value));
    setValue('baseUriHomolog', produto?.baseUriHomolog ?? '', {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
  };
  return (
    <>
      <SelectInput
        source="id"
        label="superAdmin.produto.produto"
        choices={produtos}
        optionText="nome"
        optionValue="id"
        isRequired
        onChange={prefill}
      />
      <TextInput source="baseUriHomolog" label="superAdmin.produto.baseUriHomolog" isRequired />
      {selected?.URI && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('superAdmin.produto.uri', { uri: selected.URI })}
        </Typography>
      )}
    </>
  );
}

/** Product tab: choose a product and set its staging base URI (editarProduto), after confirmation. */
export function ProdutoTab() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { query, mutate } = useOperations('superAdmin');
  const [pending, setPending] = useState<{ id: string; baseUriHomolog: string } | null>(null);
  const {
    data: produtos,
    isPending,
    isError,
    refetch,
    isFetching,
  } = useQuery({
    queryKey: PRODUTOS_KEY,
    queryFn: ({ signal }) => query<Produto[]>('produtos', {}, { signal }),
    retry: false,
  });

  if (isPending) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  if (isError) {
    return <LoadError message="superAdmin.produto.loadError" retrying={isFetching} onRetry={refetch} />;
  }
  const nome = produtos.find((p) => p.id === pending?.id)?.nome ?? '';
  return (
    <Box sx={{ maxWidth: 560 }}>
      <Form
        defaultValues={{ id: '', baseUriHomolog: '' }}
        resolver={resolver}
        mode="onTouched"
        noValidate
        onSubmit={(values: FieldValues) =>
          setPending({ id: String(values.id), baseUriHomolog: String(values.baseUriHomolog).trim() })
        }
      >
        <ProdutoFields produtos={produtos} />
        <Button type="submit" variant="contained">
          {translate('superAdmin.produto.save')}
        </Button>
      </Form>
      <ConfirmAction
        open={pending !== null}
        onClose={() => setPending(null)}
        title="superAdmin.produto.confirmTitle"
        content={translate('superAdmin.produto.confirmContent', { uri: pending?.baseUriHomolog ?? '' })}
        messageArgs={{ nome }}
        successMessage="superAdmin.produto.success"
        errorMessage="superAdmin.produto.error"
        action={() => mutate<Produto>('editarProduto', { produto: pending })}
        onSuccess={(result) => {
          const saved = result as Produto;
          queryClient.setQueryData<Produto[]>(PRODUTOS_KEY, (list = []) =>
            list.map((p) => (p.id === saved.id ? saved : p)),
          );
        }}
      />
    </Box>
  );
}
