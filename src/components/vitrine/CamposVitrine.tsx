import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import {
  BooleanInput,
  InputHelperText,
  SelectInput,
  TextInput,
  required,
  useInput,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  LINK_TARGETS,
  proporcaoRecomendada,
  TAMANHO_RECOMENDADO,
  VITRINE_IMAGEM_MAX_BYTES,
  VITRINE_UPLOAD_PATH,
  type TipoVitrine,
} from '../../../domain/vitrine';
import { MB } from '../../../domain/limits';
import { uploadFile } from '../../../providers/files';
import { AreaSoltarArquivos } from '../form/AreaSoltarArquivos';
import { instanteDe, localDe } from '../format';
import { GrupoUsuariosSelector, type GrupoUsuariosRef } from '../gruposUsuarios';

// The fields slides and adverts share (issue #30): title, link and its target, display period,
// image (uploaded at once through the file store), user groups, active. Used by resources/slides
// and resources/anuncios; the form values hold `arquivo` and `grupos` (for display) beside the
// `arquivoId` and `grupoIds` the API takes.

/** A record as the edit form reads it: the API's record plus the ids the input takes. */
export const comIds = (record: RaRecord): RaRecord => ({
  ...record,
  arquivoId: record.arquivo?.id ?? null,
  grupoIds: ((record.grupos ?? []) as { id: string }[]).map((g) => String(g.id)),
});

export interface ImagemEnviada {
  id: string;
  nome: string;
  largura: number;
  altura: number;
  link: string;
  linkMobile?: string | null;
}

export function TituloInput() {
  return <TextInput source="titulo" label="vitrine.fields.titulo" validate={required()} fullWidth />;
}

export function LinkInputs() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextInput
        source="link"
        label="vitrine.fields.link"
        helperText="vitrine.linkAjuda"
        sx={{ flex: '2 1 18rem' }}
        parse={(v: string) => v}
      />
      <SelectInput
        source="linkTarget"
        label="vitrine.fields.linkTarget"
        choices={LINK_TARGETS.map((id) => ({ id, name: translate(`vitrine.linkTargets.${id}`) }))}
        translateChoice={false}
        sx={{ flex: '1 1 12rem' }}
      />
    </Box>
  );
}

export function PeriodoInputs() {
  const props = {
    type: 'datetime-local',
    format: (v: string | null | undefined) => localDe(v),
    parse: (v: string) => instanteDe(v),
    validate: required(),
    InputLabelProps: { shrink: true },
    sx: { flex: '1 1 14rem' },
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextInput source="inicioDate" label="vitrine.fields.inicioDate" {...props} />
      <TextInput source="fimDate" label="vitrine.fields.fimDate" {...props} />
    </Box>
  );
}

/** The user groups through the shared selector; the form keeps the names (`grupos`) beside the ids. */
export function GruposInput() {
  const { setValue } = useFormContext();
  const grupos = (useWatch({ name: 'grupos' }) as GrupoUsuariosRef[] | undefined) ?? [];
  const { field, fieldState } = useInput({ source: 'grupoIds' });
  return (
    <Box sx={{ mb: 2 }}>
      <GrupoUsuariosSelector
        value={grupos}
        onChange={(value) => {
          setValue('grupos', value, { shouldDirty: true });
          field.onChange(value.map((g) => String(g.id)));
        }}
        label="vitrine.fields.grupoIds"
        error={Boolean(fieldState.error)}
        helperText={
          fieldState.error ? <InputHelperText error={fieldState.error.message} helperText={false} /> : undefined
        }
      />
    </Box>
  );
}

export function AtivoInput() {
  return <BooleanInput source="active" label="vitrine.fields.active" />;
}

/**
 * The image: dropped or chosen (react-dropzone), uploaded at once (POST /api/vitrine/imagens, which
 * refuses what is not an image by its bytes), with the recommended size said and a warning when the
 * image's ratio is another. `onLocal` gets a local address of the chosen file for the preview.
 */
export function ImagemInput({ tipo, onLocal }: { tipo: TipoVitrine; onLocal?: (url: string | undefined) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { setValue } = useFormContext();
  const arquivo = useWatch({ name: 'arquivo' }) as ImagemEnviada | null | undefined;
  const { field, fieldState } = useInput({ source: 'arquivoId' });
  const [progresso, setProgresso] = useState<number | null>(null);
  const recomendado = TAMANHO_RECOMENDADO[tipo];
  const enviar = async (file: File) => {
    setProgresso(0);
    try {
      const { status, body } = await uploadFile(VITRINE_UPLOAD_PATH, file, setProgresso, { field: 'file' });
      if (status !== 201) {
        notify(body.message ?? 'vitrine.imagem.erroEnvio', { type: 'error' });
        return;
      }
      const enviada = body as unknown as ImagemEnviada;
      setValue('arquivo', enviada, { shouldDirty: true });
      field.onChange(String(enviada.id));
      onLocal?.(URL.createObjectURL(file));
    } catch {
      notify('vitrine.imagem.erroEnvio', { type: 'error' });
    } finally {
      setProgresso(null);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
      <Typography variant="subtitle2" component="h2">
        {translate('vitrine.fields.arquivoId')}
      </Typography>
      <AreaSoltarArquivos
        testId="vitrine-imagem"
        soltar={translate('vitrine.imagem.soltar')}
        escolher={translate('vitrine.imagem.escolher')}
        ajuda={translate('vitrine.imagem.recomendado', {
          ...recomendado,
          max: VITRINE_IMAGEM_MAX_BYTES / MB,
        })}
        options={{
          multiple: false,
          accept: { 'image/*': ['.jpg', '.jpeg', '.png', '.webp', '.gif'] },
          disabled: progresso !== null,
          onDropAccepted: (files) => void enviar(files[0]),
          onDropRejected: () => notify('vitrine.errors.naoImagem', { type: 'error' }),
        }}
      />
      {progresso !== null && (
        <Box>
          <Typography variant="body2">{translate('vitrine.imagem.enviando')}</Typography>
          <LinearProgress variant="determinate" value={progresso} aria-label={translate('vitrine.imagem.enviando')} />
        </Box>
      )}
      {arquivo && (
        <Typography variant="body2" data-testid="vitrine-imagem-atual">
          {translate('vitrine.imagem.atual', arquivo)}
        </Typography>
      )}
      {arquivo && arquivo.largura > 0 && !proporcaoRecomendada(tipo, arquivo.largura, arquivo.altura) && (
        <Alert severity="warning">
          {translate('vitrine.imagem.proporcao', {
            largura: arquivo.largura,
            altura: arquivo.altura,
            recomendado: `${recomendado.largura} x ${recomendado.altura} px`,
          })}
        </Alert>
      )}
      {fieldState.error && (
        <Typography variant="caption" color="error" role="alert">
          <InputHelperText error={fieldState.error.message} helperText={false} />
        </Typography>
      )}
    </Box>
  );
}

/**
 * The live preview of a slide or advert, from the form's values as they are typed: `children` draws
 * it as the home page will; until an image is chosen it says there is nothing to show yet.
 */
export function PreviaVitrine<V extends { arquivo?: unknown }>({ children }: { children: (valores: V) => ReactNode }) {
  const translate = useTranslate();
  const id = useId();
  const valores = useWatch() as V;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 2, width: '100%' }}>
      <Typography id={id} variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {translate('vitrine.previa')}
      </Typography>
      {valores.arquivo ? (
        children(valores)
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('vitrine.previaVazia')}
        </Typography>
      )}
    </Box>
  );
}
