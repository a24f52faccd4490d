import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetList, useInput, useTranslate, ValidationError } from 'react-admin';
import { get, useFormState } from 'react-hook-form';
import { dadoComplementarSchema } from '../../domain/schemas/dealer';

interface DadoComplementar {
  produtoId: string | number;
  uri: string;
}

type Draft = { index: number | null; produtoId: string; uri: string; errors: Record<string, string> };

/** The catalog key of each field's first problem in a draft, checked with the shared schema. */
function draftErrors(draft: Draft, list: DadoComplementar[]): Record<string, string> {
  const parsed = dadoComplementarSchema.safeParse({ produtoId: draft.produtoId, uri: draft.uri });
  const errors: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  const repeated = list.some((d, i) => i !== draft.index && String(d.produtoId) === draft.produtoId);
  if (!errors.produtoId && repeated) errors.produtoId = 'dealers.validation.produtoDuplicado';
  return errors;
}

/**
 * The dealer's complementary data: the URI of each product it uses, added and edited in a dialog
 * (product and URI required, a valid URL, one entry per product).
 */
export function DadosComplementaresInput({ source = 'dadosComplementares' }: { source?: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: [] });
  const { errors } = useFormState({ name: source });
  const { data: produtos = [] } = useGetList('produtos', { pagination: { page: 1, perPage: 100 } });
  const list: DadoComplementar[] = Array.isArray(field.value) ? field.value : [];
  const [draft, setDraft] = useState<Draft | null>(null);
  const nomeDoProduto = (id: string | number) => produtos.find((p) => String(p.id) === String(id))?.nome ?? id;

  const confirm = () => {
    if (!draft) return;
    const problems = draftErrors(draft, list);
    if (Object.keys(problems).length) return setDraft({ ...draft, errors: problems });
    const entry = { produtoId: draft.produtoId, uri: draft.uri.trim() };
    field.onChange(draft.index === null ? [...list, entry] : list.map((d, i) => (i === draft.index ? entry : d)));
    field.onBlur();
    setDraft(null);
  };
  const open = (index: number | null) => {
    const current = index === null ? undefined : list[index];
    setDraft({ index, produtoId: current ? String(current.produtoId) : '', uri: current?.uri ?? '', errors: {} });
  };

  return (
    <Box sx={{ width: '100%' }}>
      {list.length === 0 ? (
        <Typography color="text.secondary">{translate('dealers.complementares.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('dealers.fields.dadosComplementares')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('dealers.fields.produto')}</TableCell>
              <TableCell>{translate('dealers.fields.uri')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((dado, index) => {
              const rowError: { message?: string } | undefined =
                get(errors, `${source}.${index}.produtoId`) ?? get(errors, `${source}.${index}.uri`);
              return (
                <TableRow key={`${dado.produtoId}-${index}`}>
                  <TableCell>{nomeDoProduto(dado.produtoId)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {dado.uri}
                    {rowError?.message && (
                      <Typography variant="caption" color="error" component="p">
                        <ValidationError error={rowError.message} />
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {/* One above the other on a phone, leaving the URI its room. */}
                    <Box
                      sx={{
                        display: 'flex',
                        flexDirection: { xs: 'column', sm: 'row' },
                        alignItems: 'flex-end',
                        justifyContent: 'flex-end',
                      }}
                    >
                      <Button size="small" onClick={() => open(index)}>
                        {translate('dealers.complementares.edit')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => {
                          field.onChange(list.filter((_, i) => i !== index));
                          field.onBlur();
                        }}
                      >
                        {translate('dealers.complementares.remove')}
                      </Button>
                    </Box>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <Button startIcon={<AddIcon />} onClick={() => open(null)} sx={{ mt: 1 }}>
        {translate('dealers.complementares.add')}
      </Button>
      <Dialog open={draft !== null} onClose={() => setDraft(null)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('dealers.complementares.title')}</DialogTitle>
        {draft && (
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
            <TextField
              select
              label={`${translate('dealers.fields.produto')} *`}
              value={draft.produtoId}
              onChange={(event) => setDraft({ ...draft, produtoId: event.target.value, errors: {} })}
              error={Boolean(draft.errors.produtoId)}
              helperText={draft.errors.produtoId && translate(draft.errors.produtoId)}
            >
              {produtos.map((produto) => (
                <MenuItem key={produto.id} value={String(produto.id)}>
                  {produto.nome}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={`${translate('dealers.fields.uri')} *`}
              value={draft.uri}
              onChange={(event) => setDraft({ ...draft, uri: event.target.value, errors: {} })}
              error={Boolean(draft.errors.uri)}
              helperText={draft.errors.uri && translate(draft.errors.uri)}
              placeholder="https://"
            />
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={() => setDraft(null)}>{translate('dealers.complementares.cancel')}</Button>
          <Button variant="contained" onClick={confirm}>
            {translate('dealers.complementares.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
