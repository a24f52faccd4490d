import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { FileRejection } from 'react-dropzone';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { BIBLIOTECA_UPLOAD_MAX_BYTES } from '../../../../domain/biblioteca';
import { UploadAbortedError, uploadFile } from '../../../../providers/files';
import { log } from '../../../../providers/logger';
import { formatBytes, formatCount } from '../../../components/format';
import { AreaSoltarArquivos, LinhaArquivo } from '../../../components/form/AreaSoltarArquivos';
import { useOperations } from '../../../components/useOperations';
import { destinoDe, type Destino } from '../regras';
import type { ItemBiblioteca } from '../tipos';
import { usePastasEscrita } from '../useBiblioteca';
import { FormularioDialogo, errosDoServidor, textoDaRecusa, useEscrita } from './comum';
import { SeletorPasta } from './SeletorPasta';

/** The upload route of the library's files (a multipart `file` and `info`). */
export const UPLOAD_PATH = '/api/upload';
const INFO = JSON.stringify({ fileType: 'LIBRARY' });

type Estado = 'pendente' | 'enviando' | 'enviado' | 'erro' | 'cancelado';

interface Envio {
  file: File;
  estado: Estado;
  progresso: number;
  /** The stored file's id once uploaded. */
  idArquivo?: string;
  erro?: string;
}

/**
 * The upload dialog (spec sections 2, 4, 5, 8): files dropped or chosen (react-dropzone; a name
 * already in the list is refused with a warning, a file over 900,000,000 bytes too), the
 * destination folder, then on confirm each file streamed to POST /api/upload with its progress
 * and a cancel button; a file that fails is marked and logged. The uploaded ones are then placed
 * with uploadArquivos: on success the list is cleared and the dialog closes.
 */
export function UploadDialog({
  pastaAtual,
  iniciais = [],
  onClose,
}: {
  pastaAtual: ItemBiblioteca | null;
  /** Files dropped on the folder, already in the list when the dialog opens (the same checks). */
  iniciais?: readonly File[];
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale = 'pt-BR'] = useLocaleState();
  const { mutate } = useOperations('biblioteca');
  const pastas = usePastasEscrita(true);
  const [envios, setEnvios] = useState<Envio[]>([]);
  const [destino, setDestino] = useState<Destino | null>(pastaAtual ? destinoDe(pastaAtual) : null);
  const [enviando, setEnviando] = useState(false);
  const [falha, setFalha] = useState<string>();
  const controles = useRef(new Map<File, AbortController>());
  // The list as it is now: a file taken out while others upload is not sent.
  const atuais = useRef(envios);
  atuais.current = envios;
  const colocar = useEscrita((arquivos: { idArquivo: string; nome: string; idPastaPai: string }[]) =>
    mutate<ItemBiblioteca[]>('uploadArquivos', { arquivos }),
  );
  // Closing the dialog (or leaving the page) cancels what is still on its way.
  useEffect(() => {
    const emCurso = controles.current;
    return () => emCurso.forEach((controle) => controle.abort());
  }, []);

  const lista = pastas.data ?? [];
  const opcoes = [
    ...(pastaAtual && !lista.some((p) => p.id === pastaAtual.id) ? [destinoDe(pastaAtual)] : []),
    ...lista.map(destinoDe),
  ];
  const maximo = formatBytes(BIBLIOTECA_UPLOAD_MAX_BYTES, locale);
  const ocupado = enviando || colocar.isPending;

  const atualizar = (file: File, patch: Partial<Envio>) =>
    setEnvios((atual) => atual.map((e) => (e.file === file ? { ...e, ...patch } : e)));

  const adicionar = (aceitos: File[], recusados: FileRejection[]) => {
    for (const { file } of recusados) {
      notify('biblioteca.upload.grandeDemais', { type: 'warning', messageArgs: { nome: file.name, max: maximo } });
    }
    const nomes = new Set(envios.map((e) => e.file.name));
    const novos: Envio[] = [];
    for (const file of aceitos) {
      if (nomes.has(file.name)) {
        notify('biblioteca.upload.duplicado', { type: 'warning', messageArgs: { nome: file.name } });
        continue;
      }
      nomes.add(file.name);
      novos.push({ file, estado: 'pendente', progresso: 0 });
    }
    if (novos.length > 0) setEnvios((atual) => [...atual, ...novos]);
  };

  // Once, even when React runs the effects twice (development).
  const iniciaisTomados = useRef(false);
  useEffect(() => {
    if (iniciaisTomados.current || iniciais.length === 0) return;
    iniciaisTomados.current = true;
    const grande = (file: File) => file.size > BIBLIOTECA_UPLOAD_MAX_BYTES;
    adicionar(
      iniciais.filter((file) => !grande(file)),
      iniciais.filter(grande).map((file) => ({ file, errors: [] })),
    );
    // The dropped files are taken when the dialog opens, never again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Streams one file; answers its stored id, or undefined when it failed or was cancelled. */
  const subir = async (envio: Envio): Promise<string | undefined> => {
    const controle = new AbortController();
    controles.current.set(envio.file, controle);
    atualizar(envio.file, { estado: 'enviando', progresso: 0, erro: undefined });
    try {
      const { status, body } = await uploadFile(
        UPLOAD_PATH,
        envio.file,
        (progresso) => atualizar(envio.file, { progresso }),
        { field: 'file', fields: { info: INFO }, signal: controle.signal },
      );
      if (status >= 200 && status < 300 && body.id != null) {
        atualizar(envio.file, { estado: 'enviado', progresso: 100, idArquivo: String(body.id) });
        return String(body.id);
      }
      log.warn('biblioteca: upload refused', { status, nome: envio.file.name, message: body.message });
      atualizar(envio.file, { estado: 'erro', erro: body.message ?? translate('upload.falha') });
    } catch (error) {
      if (error instanceof UploadAbortedError) {
        atualizar(envio.file, { estado: 'cancelado' });
      } else {
        log.error('biblioteca: upload failed', error);
        atualizar(envio.file, { estado: 'erro', erro: translate('upload.falha') });
      }
    } finally {
      controles.current.delete(envio.file);
    }
    return undefined;
  };

  const enviar = async () => {
    if (!destino) return;
    setEnviando(true);
    setFalha(undefined);
    const prontos: { idArquivo: string; nome: string; idPastaPai: string }[] = [];
    const arquivosProntos: File[] = [];
    for (const envio of envios) {
      if (!atuais.current.some((e) => e.file === envio.file)) continue;
      const idArquivo =
        envio.estado === 'enviado' ? envio.idArquivo : envio.estado === 'cancelado' ? undefined : await subir(envio);
      if (idArquivo) {
        prontos.push({ idArquivo, nome: envio.file.name, idPastaPai: destino.id });
        arquivosProntos.push(envio.file);
      }
    }
    setEnviando(false);
    if (prontos.length === 0) return;
    try {
      await colocar.mutateAsync(prontos);
      notify(formatCount(translate, 'biblioteca.upload.feito', prontos.length, locale), { type: 'success' });
      setEnvios([]);
      onClose();
    } catch (error) {
      // None was placed: each file the server refused (`arquivos.<n>.<field>`, a name already in
      // the folder, say) says why on its row, to be taken off the list before sending the others.
      for (const [campo, { message }] of Object.entries(errosDoServidor(error))) {
        const file = arquivosProntos[Number(/^arquivos\.(\d+)\./.exec(campo)?.[1] ?? NaN)];
        if (file) atualizar(file, { estado: 'erro', erro: translate(message, { _: message }) });
      }
      const mensagem = textoDaRecusa(error, 'biblioteca.upload.erro', translate);
      setFalha(mensagem);
      notify(mensagem, { type: 'error' });
    }
  };

  const cancelar = (envio: Envio) => {
    if (envio.estado === 'enviando') controles.current.get(envio.file)?.abort();
    else setEnvios((atual) => atual.filter((e) => e.file !== envio.file));
  };

  return (
    <FormularioDialogo
      titulo={translate('biblioteca.upload.titulo')}
      confirmar="biblioteca.upload.enviar"
      desabilitado={envios.length === 0 || !destino || enviando || pastas.isPending}
      ocupado={colocar.isPending}
      falha={falha}
      onSubmit={enviar}
      onClose={onClose}
    >
      <SeletorPasta
        label="biblioteca.upload.destino"
        opcoes={opcoes}
        value={destino}
        onChange={setDestino}
        loading={pastas.isFetching}
      />
      <AreaSoltarArquivos
        options={{ onDrop: adicionar, maxSize: BIBLIOTECA_UPLOAD_MAX_BYTES, multiple: true, disabled: ocupado }}
        soltar={translate('biblioteca.upload.soltar')}
        escolher={translate('biblioteca.upload.escolher')}
        ajuda={translate('biblioteca.upload.limite', { max: maximo })}
        testId="upload-input"
      />
      {envios.length > 0 && (
        <Box
          component="ul"
          aria-label={translate('biblioteca.upload.lista')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
        >
          {envios.map((envio) => {
            const nome = envio.file.name;
            return (
              <LinhaArquivo key={nome} sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                  <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{nome}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(envio.file.size, locale)}
                  </Typography>
                  <IconButton
                    size="small"
                    aria-label={translate(
                      envio.estado === 'enviando' ? 'biblioteca.upload.cancelar' : 'biblioteca.upload.remover',
                      { nome },
                    )}
                    disabled={colocar.isPending}
                    onClick={() => cancelar(envio)}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={envio.progresso}
                  color={envio.estado === 'erro' ? 'error' : envio.estado === 'enviado' ? 'success' : 'primary'}
                  aria-label={translate('biblioteca.upload.progresso', { nome })}
                />
                <Typography
                  variant="body2"
                  color={envio.estado === 'erro' ? 'error' : 'text.secondary'}
                  role={envio.estado === 'erro' ? 'alert' : undefined}
                >
                  {envio.estado === 'erro'
                    ? envio.erro
                    : translate(`biblioteca.upload.estados.${envio.estado}`, { progresso: envio.progresso })}
                </Typography>
              </LinhaArquivo>
            );
          })}
        </Box>
      )}
    </FormularioDialogo>
  );
}
