import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';
import {
  COMUNICADO_ANEXO_MAX_BYTES_PADRAO,
  COMUNICADO_ANEXOS_TOTAL_MAX_BYTES_PADRAO,
  COMUNICADO_ARQUIVOS_MAX,
  MB,
} from '../../../../domain/limits';
import { uploadFile } from '../../../../providers/files';
import { AreaSoltarArquivos, LinhaArquivo } from '../../../components/form/AreaSoltarArquivos';
import { formatBytes } from '../../../components/format';
import { useOperations } from '../../../components/useOperations';
import { UPLOAD_PATH, type Arquivo } from './comunicado';

interface Envio {
  nome: string;
  tamanho: number;
  progresso: number;
  erro?: string;
}

const PENDENTES = 'comunicados.escrita.anexosPendentes';

/**
 * The form's side of Anexos: `onPendentes` to pass to it, and `prontos()`, false (with the field's
 * error) while a file is uploading or was refused: saving then would drop it without a word.
 */
export function useAnexosPendentes(source = 'arquivos') {
  const { setError, clearErrors, getFieldState } = useFormContext();
  const [pendentes, setPendentes] = useState(0);
  useEffect(() => {
    if (pendentes === 0 && getFieldState(source).error?.message === PENDENTES) clearErrors(source);
  }, [pendentes, source, clearErrors, getFieldState]);
  const prontos = () => {
    if (pendentes === 0) return true;
    setError(source, { type: 'client', message: PENDENTES });
    return false;
  };
  return { onPendentes: setPendentes, prontos };
}

/**
 * The attachments (react-dropzone): each file streamed to the upload route as it is dropped, its
 * size shown, and the per-file and total limits checked before sending (the server checks them
 * again while streaming and answers the translated refusal, shown under the file). The limits are
 * configurable on the server; the screen knows their defaults (domain/limits.ts).
 */
export function Anexos({
  source = 'arquivos',
  idComunicado,
  onPendentes,
}: {
  source?: string;
  idComunicado?: string;
  /** How many files are uploading or refused (listed, not attached): the form sends nothing meanwhile. */
  onPendentes?: (n: number) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { field, fieldState } = useController<Record<string, Arquivo[]>>({ name: source });
  const arquivos: Arquivo[] = field.value ?? [];
  const [envios, setEnvios] = useState<Envio[]>([]);
  useEffect(() => onPendentes?.(envios.length), [envios.length, onPendentes]);
  const total = arquivos.reduce((sum, a) => sum + Number(a.tamanho), 0);
  const { query } = useOperations('comunicados');
  // The limits as the server is configured (the defaults until they arrive: the server refuses anyway).
  const limitesConfigurados = useQuery({
    queryKey: ['comunicados', 'limitesAnexos'],
    queryFn: ({ signal }) => query<{ porArquivo: number; total: number }>('limitesAnexos', {}, { signal }),
    staleTime: Infinity,
  });
  const maxArquivo = limitesConfigurados.data?.porArquivo ?? COMUNICADO_ANEXO_MAX_BYTES_PADRAO;
  const maxTotal = limitesConfigurados.data?.total ?? COMUNICADO_ANEXOS_TOTAL_MAX_BYTES_PADRAO;

  const atualizar = (nome: string, patch: Partial<Envio>) =>
    setEnvios((list) => list.map((e) => (e.nome === nome ? { ...e, ...patch } : e)));

  async function enviar(files: File[]) {
    let soma = total;
    let atuais = arquivos;
    for (const file of files) {
      const base: Envio = { nome: file.name, tamanho: file.size, progresso: 0 };
      let erro: string | undefined;
      if (atuais.length >= COMUNICADO_ARQUIVOS_MAX) {
        erro = translate('validation.maxItems', { max: COMUNICADO_ARQUIVOS_MAX });
      } else if (file.size > maxArquivo) {
        erro = translate('comunicados.upload.grandeDemais', { max: Math.round(maxArquivo / MB) });
      } else if (soma + file.size > maxTotal) {
        erro = translate('comunicados.validation.anexosTotal', { max: Math.round(maxTotal / MB) });
      }
      setEnvios((list) => [...list.filter((e) => e.nome !== file.name), { ...base, erro }]);
      if (erro) continue;
      try {
        const path = idComunicado ? `${UPLOAD_PATH}?idComunicado=${encodeURIComponent(idComunicado)}` : UPLOAD_PATH;
        const { status, body } = await uploadFile(path, file, (p) => atualizar(file.name, { progresso: p }));
        if (status >= 200 && status < 300 && body.id !== undefined) {
          const novo: Arquivo = {
            id: String(body.id),
            nome: body.nome ?? file.name,
            tamanho: Number((body as { tamanho?: number }).tamanho ?? file.size),
          };
          atuais = [...atuais, novo];
          soma += novo.tamanho;
          field.onChange(atuais);
          setEnvios((list) => list.filter((e) => e.nome !== file.name));
        } else {
          atualizar(file.name, { erro: body.message ?? translate('comunicados.escrita.anexoErro') });
        }
      } catch {
        atualizar(file.name, { erro: translate('comunicados.escrita.anexoErro') });
      }
    }
  }

  const limites = translate('comunicados.escrita.anexosLimites', {
    arquivo: formatBytes(maxArquivo, locale),
    total: formatBytes(maxTotal, locale),
  });

  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
    >
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {translate('comunicados.escrita.fields.arquivos')}
      </Typography>
      <AreaSoltarArquivos
        options={{ onDrop: (files) => void enviar(files) }}
        soltar={translate('comunicados.escrita.anexosSoltar')}
        escolher={translate('comunicados.escrita.anexosEscolher')}
        ajuda={limites}
        testId="anexos-input"
      />
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5 }}
      >
        {arquivos.map((a) => (
          <LinhaArquivo key={a.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <AttachFileIcon fontSize="small" color="action" />
            <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{a.nome}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {formatBytes(Number(a.tamanho), locale)}
            </Typography>
            <IconButton
              size="small"
              aria-label={translate('comunicados.escrita.anexoRemover', { nome: a.nome })}
              onClick={() => field.onChange(arquivos.filter((x) => x.id !== a.id))}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </LinhaArquivo>
        ))}
        {envios.map((e) => (
          <LinhaArquivo
            key={`envio-${e.nome}`}
            sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5, minWidth: 0 }}
          >
            <Box sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
              <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{e.nome}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {formatBytes(e.tamanho, locale)}
              </Typography>
            </Box>
            {e.erro ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                <FormHelperText error role="alert" sx={{ flex: 1, minWidth: 0, m: 0 }}>
                  {e.erro}
                </FormHelperText>
                <IconButton
                  size="small"
                  aria-label={translate('comunicados.escrita.anexoDescartar', { nome: e.nome })}
                  onClick={() => setEnvios((list) => list.filter((x) => x.nome !== e.nome))}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Box>
            ) : (
              <LinearProgress
                variant="determinate"
                value={e.progresso}
                aria-label={translate('comunicados.escrita.anexoEnviando', { nome: e.nome })}
              />
            )}
          </LinhaArquivo>
        ))}
      </Box>
      {fieldState.error?.message ? (
        <FormHelperText error role="alert">
          {translate(fieldState.error.message)}
        </FormHelperText>
      ) : null}
      <Typography variant="body2" color={total > maxTotal ? 'error' : 'text.secondary'} aria-live="polite">
        {translate('comunicados.escrita.anexosTotal', {
          total: formatBytes(total, locale),
          max: formatBytes(maxTotal, locale),
        })}
      </Typography>
    </Box>
  );
}
